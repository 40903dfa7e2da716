-- Closures in Impostazioni: several days at once (holidays) with an optional reason shown in the list.
-- One row per day stays the model, so salon_open and set_salon_closure(day, false) are unchanged.

alter table app.salon_closures
  add column reason text check (reason is null or (btrim(reason) <> '' and char_length(reason) <= 100));
comment on column app.salon_closures.reason is 'Why the salon is closed that day (at most 100 characters), or null.';

-- ============================================================================
-- api.add_salon_closure: one day or a range, with a reason
-- ============================================================================
create function api.add_salon_closure(from_day date, to_day date default null, reason text default null)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  last_day date := coalesce(add_salon_closure.to_day, add_salon_closure.from_day);
  new_reason text := nullif(btrim(coalesce(add_salon_closure.reason, '')), '');
begin
  if add_salon_closure.from_day is null then
    raise sqlstate 'P0001' using message = 'Indica il giorno di chiusura';
  end if;
  if last_day < add_salon_closure.from_day or last_day > add_salon_closure.from_day + 366 then
    raise sqlstate 'P0001' using message = 'L''ultimo giorno deve seguire il primo, entro un anno';
  end if;
  perform app_private.require_max_length(new_reason, 100, 'Il motivo');
  -- Days already closed take the new reason (API roles may delete and insert closures, not update them).
  delete from app.salon_closures c
   where c.merchant_id = caller_merchant_id and c.day between add_salon_closure.from_day and last_day;
  insert into app.salon_closures (merchant_id, day, reason)
  select caller_merchant_id, d::date, new_reason
    from generate_series(add_salon_closure.from_day::timestamp, last_day::timestamp, interval '1 day') as d;
  return jsonb_build_object('message', case when last_day = add_salon_closure.from_day
                                            then 'Giorno di chiusura aggiunto' else 'Giorni di chiusura aggiunti' end);
end
$$;
comment on function api.add_salon_closure(date, date, text) is
  'Merchant only: closes the salon from from_day to to_day included (to_day null = one day, at most a year '
  'later), with an optional reason (at most 100 characters). set_salon_closure(day, false) reopens a day.';
grant execute on function api.add_salon_closure(date, date, text) to authenticated;

-- ============================================================================
-- api.booking_calendar: the closures with their reasons too
-- ============================================================================
create or replace function api.booking_calendar() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return jsonb_build_object(
    'opening_hours', coalesce((
      select jsonb_agg(jsonb_build_object('weekday', h.weekday, 'opens', to_char(h.opens, 'HH24:MI'),
                                          'closes', to_char(h.closes, 'HH24:MI')) order by h.weekday, h.opens)
        from app.opening_hours h where h.merchant_id = caller_merchant_id), '[]'::jsonb),
    'operator_hours', coalesce((
      select jsonb_agg(jsonb_build_object('operator_id', h.operator_id, 'weekday', h.weekday,
                                          'opens', to_char(h.opens, 'HH24:MI'), 'closes', to_char(h.closes, 'HH24:MI'))
                       order by h.operator_id, h.weekday, h.opens)
        from app.operator_hours h where h.merchant_id = caller_merchant_id), '[]'::jsonb),
    'closures', coalesce((
      select jsonb_agg(to_char(c.day, 'YYYY-MM-DD') order by c.day)
        from app.salon_closures c where c.merchant_id = caller_merchant_id), '[]'::jsonb),
    'closure_days', coalesce((
      select jsonb_agg(jsonb_build_object('day', to_char(c.day, 'YYYY-MM-DD'), 'reason', c.reason) order by c.day)
        from app.salon_closures c where c.merchant_id = caller_merchant_id), '[]'::jsonb),
    'absences', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'operator_id', a.operator_id,
                                          'from_day', to_char(a.from_day, 'YYYY-MM-DD'),
                                          'to_day', to_char(a.to_day, 'YYYY-MM-DD')) order by a.from_day, a.id)
        from app.operator_absences a where a.merchant_id = caller_merchant_id), '[]'::jsonb));
end
$$;
comment on function api.booking_calendar() is
  'Merchant only: its opening hours (empty = 09:00-19:00 every day), operator hours (none for an operator '
  '= the salon''s), closures (dates; closure_days adds each day''s reason) and operator absences.';
