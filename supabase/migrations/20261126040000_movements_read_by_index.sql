-- ============================================================================
-- api.merchant_movements: the page and its total read through the movements' indexes
-- ============================================================================
-- The function joined every matching movement to its client before counting and paging, so page 1
-- of a salon with 50,000 movements read the whole table and every client (a sequential scan of
-- both, ~40 ms). Now the client code becomes the client's id first, the total counts movements
-- alone and the page reads them newest first through (merchant_id, created_at) or (client_id,
-- created_at), and only the page's rows are joined to their clients. Same rows, order, total and
-- errors as before.
-- The total of a movements page: the caller's own movements counted through an index only. It runs
-- as its owner because the movements' policies name client_id, a column no index of (merchant_id, …)
-- holds, which turns an index-only count into a read of every row; the merchant is the caller's own,
-- asked here, never a parameter.
create function app_private.caller_movement_count(
  from_instant timestamptz,
  to_instant timestamptz,
  client_id uuid
) returns bigint
language plpgsql stable security definer set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if caller_movement_count.client_id is not null then
    return (select count(*)
              from app.movements mv
             where mv.client_id = caller_movement_count.client_id
               and mv.merchant_id = caller_merchant_id
               and mv.created_at >= coalesce(caller_movement_count.from_instant, '-infinity')
               and mv.created_at < coalesce(caller_movement_count.to_instant, 'infinity'));
  end if;
  return (select count(*)
            from app.movements mv
           where mv.merchant_id = caller_merchant_id
             and mv.created_at >= coalesce(caller_movement_count.from_instant, '-infinity')
             and mv.created_at < coalesce(caller_movement_count.to_instant, 'infinity'));
end
$$;
revoke execute on function app_private.caller_movement_count(timestamptz, timestamptz, uuid) from public;
grant execute on function app_private.caller_movement_count(timestamptz, timestamptz, uuid) to authenticated;

create or replace function api.merchant_movements(
  date_from date default null,
  date_to date default null,
  client_code text default null,
  page integer default 1,
  page_size integer default 10
) returns jsonb
language plpgsql stable set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  from_instant timestamptz;
  to_instant timestamptz;
  wanted_code text := upper(nullif(btrim(coalesce(merchant_movements.client_code, '')), ''));
  wanted_client_id uuid;
  result jsonb;
begin
  perform app_private.check_page(merchant_movements.page, merchant_movements.page_size);
  if merchant_movements.date_from not between date '2000-01-01' and date '2999-12-31'
     or merchant_movements.date_to not between date '2000-01-01' and date '2999-12-31' then
    raise sqlstate '22023' using message = 'Data non valida';
  end if;
  from_instant := merchant_movements.date_from::timestamp at time zone 'Europe/Rome';
  to_instant := (merchant_movements.date_to + 1)::timestamp at time zone 'Europe/Rome';
  if wanted_code is not null then
    select c.id into wanted_client_id
      from app.clients c
     where c.merchant_id = caller_merchant_id and c.code = wanted_code;
    if wanted_client_id is null then
      return jsonb_build_object('total', 0, 'movements', '[]'::jsonb);
    end if;
  end if;

  with matching as (
    select mv.id, mv.client_id, mv.spend, mv.discount, mv.net, mv.created_at
      from app.movements mv
     where mv.merchant_id = caller_merchant_id
       and (from_instant is null or mv.created_at >= from_instant)
       and (to_instant is null or mv.created_at < to_instant)
       and (wanted_client_id is null or mv.client_id = wanted_client_id)
  ),
  page_rows as (
    select mm.*, c.code as client_code, c.name as client_name
      from (
        select * from matching
         order by created_at desc, id desc
         limit merchant_movements.page_size offset (merchant_movements.page - 1) * merchant_movements.page_size
      ) mm
      join app.clients c on c.id = mm.client_id
  )
  select jsonb_build_object(
    'total', app_private.caller_movement_count(from_instant, to_instant, wanted_client_id),
    'movements', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'client_code', p.client_code, 'client_name', p.client_name,
               'spend', p.spend, 'discount', p.discount, 'net', p.net, 'created_at', p.created_at,
               'date', to_char(p.created_at at time zone 'Europe/Rome', 'YYYY-MM-DD'),
               'time', to_char(p.created_at at time zone 'Europe/Rome', 'HH24:MI:SS')
             ) order by p.created_at desc, p.id desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
comment on function api.merchant_movements(date, date, text, integer, integer) is
  'Merchant only: its movements, newest first, filtered by Europe/Rome dates (inclusive, 2000-01-01 to '
  '2999-12-31) and client code, paged (pages 1 to 1000000 of at most 1000).';
