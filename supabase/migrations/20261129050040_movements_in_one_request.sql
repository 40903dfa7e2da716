-- Movimenti in one request: each row of api.merchant_movements carries its reversal (api.movement_reversals,
-- the second request a page needed, is gone), and the list filters by the fiscal document's number
-- (receipt_number: the first characters of a movement's own number or of its storno's, case ignored).

drop function api.movement_reversals(uuid[]);
drop function api.merchant_movements(date, date, text, integer, integer);

create index movements_merchant_receipt_number_idx
  on app.movements (merchant_id, lower(receipt_number) text_pattern_ops) where receipt_number is not null;

-- api.merchant_movements: the page and its total read through the movements' indexes: the client code
-- becomes the client's id first, and only the page's rows are joined to their clients and reversals, so
-- Movimenti needs one request. The receipt number matches a movement's own document or, for a purchase,
-- its storno's, from its first characters (case ignored).
create function api.merchant_movements(
  date_from date default null,
  date_to date default null,
  client_code text default null,
  page integer default 1,
  page_size integer default 10,
  receipt_number text default null
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
  wanted_receipt text := lower(nullif(btrim(coalesce(merchant_movements.receipt_number, '')), ''));
  receipt_pattern text;
  result jsonb;
begin
  perform app_private.check_page(merchant_movements.page, merchant_movements.page_size);
  if merchant_movements.date_from not between date '2000-01-01' and date '2999-12-31'
     or merchant_movements.date_to not between date '2000-01-01' and date '2999-12-31' then
    raise sqlstate '22023' using message = 'Data non valida';
  end if;
  if char_length(wanted_receipt) > 50 then
    raise sqlstate '22001' using message = 'Il numero del documento può contenere al massimo 50 caratteri';
  end if;
  receipt_pattern := replace(replace(replace(wanted_receipt, '\', '\\'), '%', '\%'), '_', '\_') || '%';
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

  with by_receipt as (
    -- A document's own movement and, for a storno's, the purchase it reverses
    select found.id
      from app.movements d
     cross join lateral (values (d.id), (d.reversal_of)) found (id)
     where wanted_receipt is not null
       and d.merchant_id = caller_merchant_id
       and lower(d.receipt_number) like receipt_pattern
       and found.id is not null
  ),
  matching as (
    select mv.id, mv.client_id, mv.spend, mv.discount, mv.net, mv.created_at, mv.receipt_number,
           mv.reversal_of, mv.reversal_reason
      from app.movements mv
     where mv.merchant_id = caller_merchant_id
       and (from_instant is null or mv.created_at >= from_instant)
       and (to_instant is null or mv.created_at < to_instant)
       and (wanted_client_id is null or mv.client_id = wanted_client_id)
       and (wanted_receipt is null or mv.id in (select b.id from by_receipt b))
  ),
  page_rows as (
    select mm.*, c.code as client_code, c.name as client_name,
           r.id as reversed_by, r.reversal_reason as reversed_reason, r.created_at as reversed_at
      from (
        select * from matching
         order by created_at desc, id desc
         limit merchant_movements.page_size offset (merchant_movements.page - 1) * merchant_movements.page_size
      ) mm
      join app.clients c on c.id = mm.client_id
      left join app.movements r on r.reversal_of = mm.id
  )
  select jsonb_build_object(
    'total', case when wanted_receipt is null
               then app_private.caller_movement_count(from_instant, to_instant, wanted_client_id)
               else (select count(*) from matching) end,
    'movements', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'client_code', p.client_code, 'client_name', p.client_name,
               'spend', p.spend, 'discount', p.discount, 'net', p.net, 'created_at', p.created_at,
               'receipt_number', p.receipt_number,
               'date', to_char(p.created_at at time zone 'Europe/Rome', 'YYYY-MM-DD'),
               'time', to_char(p.created_at at time zone 'Europe/Rome', 'HH24:MI:SS'),
               'reversal', case
                 when p.reversed_by is not null then jsonb_build_object(
                   'reversed_by', p.reversed_by, 'reversal_of', null,
                   'reason', p.reversed_reason, 'reversed_at', p.reversed_at)
                 when p.reversal_of is not null then jsonb_build_object(
                   'reversed_by', null, 'reversal_of', p.reversal_of,
                   'reason', p.reversal_reason, 'reversed_at', p.created_at)
               end
             ) order by p.created_at desc, p.id desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
grant execute on function api.merchant_movements(date, date, text, integer, integer, text) to authenticated;
comment on function api.merchant_movements(date, date, text, integer, integer, text) is
  'Merchant only: its movements, newest first, filtered by Europe/Rome dates (inclusive, 2000-01-01 to '
  '2999-12-31), client code and receipt_number (the first characters, at most 50, case ignored, of a '
  'movement''s fiscal document or of its storno''s), paged (pages 1 to 1000000 of at most 1000). Each row '
  'carries its reversal: {reversed_by, reason, reversed_at} on a reversed purchase, {reversal_of, reason, '
  'reversed_at} on a storno, null otherwise.';
