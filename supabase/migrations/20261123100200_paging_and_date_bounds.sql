-- Paging and date filters bounded, so that no page number or date reaches arithmetic that overflows
-- (a raw 'integer out of range' or 'date out of range'): pages 1 .. 1000000 of at most 1000 rows, dates
-- of the movements filter between 2000-01-01 and 2999-12-31, each refused with an Italian message.

create or replace function app_private.check_page(page integer, page_size integer) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if check_page.page is null or check_page.page < 1 or check_page.page > 1000000
     or check_page.page_size is null or check_page.page_size < 1 or check_page.page_size > 1000 then
    raise sqlstate 'P0001' using message = 'Pagina non valida';
  end if;
end
$$;

create or replace function api.merchant_movements(
  date_from date default null,
  date_to date default null,
  client_code text default null,
  page integer default 1,
  page_size integer default 10
) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  from_instant timestamptz;
  to_instant timestamptz;
  wanted_code text := upper(nullif(btrim(coalesce(merchant_movements.client_code, '')), ''));
  result jsonb;
begin
  perform app_private.check_page(merchant_movements.page, merchant_movements.page_size);
  if merchant_movements.date_from not between date '2000-01-01' and date '2999-12-31'
     or merchant_movements.date_to not between date '2000-01-01' and date '2999-12-31' then
    raise sqlstate '22023' using message = 'Data non valida';
  end if;
  from_instant := merchant_movements.date_from::timestamp at time zone 'Europe/Rome';
  to_instant := (merchant_movements.date_to + 1)::timestamp at time zone 'Europe/Rome';
  with matching as (
    select mv.id, c.code as client_code, c.name as client_name, mv.spend, mv.discount, mv.net, mv.created_at
      from app.movements mv
      join app.clients c on c.id = mv.client_id
     where mv.merchant_id = caller_merchant_id
       and (from_instant is null or mv.created_at >= from_instant)
       and (to_instant is null or mv.created_at < to_instant)
       and (wanted_code is null or c.code = wanted_code)
  ),
  page_rows as (
    select * from matching mm
     order by mm.created_at desc, mm.id desc
     limit merchant_movements.page_size offset (merchant_movements.page - 1) * merchant_movements.page_size
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
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
