-- Impostazioni's operator rules, kept in SQL: an operator's weekly hours lie within the salon's opening
-- hours (09:00-19:00 every day while the salon has set none), and before deleting an operator the
-- merchant can read what the deletion would do (api.operator_deletion_impact).

-- ============================================================================
-- Operator hours inside the opening hours
-- ============================================================================
-- The salon's weekly opening ranges as they apply: its own, or 09:00-19:00 every day when it set none.
create function app_private.effective_opening_hours(merchant_id uuid)
returns table (weekday integer, opens time, closes time)
language sql stable set search_path = ''
as $$
  select h.weekday, h.opens, h.closes
    from app.opening_hours h
   where h.merchant_id = effective_opening_hours.merchant_id
  union all
  select d.weekday, time '09:00', time '19:00'
    from generate_series(1, 7) as d(weekday)
   where not exists (select 1 from app.opening_hours h where h.merchant_id = effective_opening_hours.merchant_id)
$$;
grant execute on function app_private.effective_opening_hours(uuid) to authenticated, service_role;

create or replace function api.set_operator_hours(operator_id uuid, hours jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if not exists (select 1 from app.operators o
                  where o.id = set_operator_hours.operator_id and o.merchant_id = caller_merchant_id) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  if exists (
    select 1 from app_private.weekly_hours(set_operator_hours.hours) w
     where not exists (select 1 from app_private.effective_opening_hours(caller_merchant_id) o
                        where o.weekday = w.weekday and w.opens >= o.opens and w.closes <= o.closes)
  ) then
    raise sqlstate 'P0001'
      using message = 'Gli orari dell''operatore devono rientrare negli orari di apertura del salone';
  end if;
  delete from app.operator_hours h where h.operator_id = set_operator_hours.operator_id;
  insert into app.operator_hours (merchant_id, operator_id, weekday, opens, closes)
  select caller_merchant_id, set_operator_hours.operator_id, w.weekday, w.opens, w.closes
    from app_private.weekly_hours(set_operator_hours.hours) w;
  return jsonb_build_object('message', 'Orari dell''operatore aggiornati');
end
$$;
comment on function api.set_operator_hours(uuid, jsonb) is
  'Merchant only: replaces one operator''s weekly working ranges (same shape as set_opening_hours), each '
  'within one of the salon''s opening ranges of that weekday (09:00-19:00 while none is set); weekdays '
  'left out are days off; [] = the salon''s hours.';

-- ============================================================================
-- What deleting an operator would do
-- ============================================================================
create function api.operator_deletion_impact(operator_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if not exists (select 1 from app.operators o
                  where o.id = operator_deletion_impact.operator_id and o.merchant_id = caller_merchant_id) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  return (
    select jsonb_build_object(
      'upcoming_appointments', count(*) filter (where r.status = 'confermata' and r.ends_at > now()),
      'waiting_requests', count(*) filter (where r.status in ('in attesa', 'modificata') and r.starts_at > now()))
      from app.reservations r
     where r.merchant_id = caller_merchant_id and r.operator_id = operator_deletion_impact.operator_id
  );
end
$$;
comment on function api.operator_deletion_impact(uuid) is
  'Merchant only: what deleting one of its operators would do: upcoming_appointments (confirmed, not '
  'ended: while any, the deletion is refused) and waiting_requests (not started, naming the operator: '
  'they become requests without preference).';
grant execute on function api.operator_deletion_impact(uuid) to authenticated;
