-- The Agenda marks each part of a visit: its place in it and the visit's number of treatments.

create or replace function api.merchant_calendar(from_day date default null, day_count integer default 7)
returns jsonb
language plpgsql stable set search_path = '' set jit = off
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  today date := app_private.rome_today();
  first_day date := coalesce(merchant_calendar.from_day, today);
  shown_days integer := coalesce(merchant_calendar.day_count, 7);
  last_day date;
  hours_shown record;
begin
  if shown_days < 1 or shown_days > 7 then
    raise sqlstate '22023' using message = 'Il calendario mostra da 1 a 7 giorni';
  end if;
  if first_day < today - 366 or first_day > today + 366 then
    raise sqlstate '22023' using message = 'Scegli un giorno entro un anno da oggi';
  end if;
  last_day := first_day + shown_days - 1;
  hours_shown := app_private.calendar_hours(caller_merchant_id, first_day, last_day);

  return (
    with days as (
      select first_day + n as day from generate_series(0, shown_days - 1) as n
    ), operators as (
      select o.id, o.name, o.created_at from app.operators o where o.merchant_id = caller_merchant_id
    ), appointments as (
      select v.*, c.phone as client_phone, app_private.reservation_whatsapp(r) as whatsapp,
             app_private.reminder_status(v.id) as reminder, r.buffer_minutes, r.processing_offset_minutes,
             r.processing_minutes, r.series_id, r.visit_part,
             (select count(*)::integer from app.reservations p where p.visit_id = r.visit_id) as visit_parts,
             (extract(epoch from (v.starts_at at time zone 'Europe/Rome')::time) / 60)::integer
               - hours_shown.first_minute as offset_minutes
        from app.reservation_rows v
        join app.clients c on c.id = v.client_id
        join app.reservations r on r.id = v.id
       where v.merchant_id = caller_merchant_id
         and v.status in ('confermata', 'completata', 'non presentata')
         and v.starts_at >= first_day::timestamp at time zone 'Europe/Rome'
         and v.starts_at < (last_day + 1)::timestamp at time zone 'Europe/Rome'
    ), slots as materialized (
      select days.day, m.minute,
             (days.day + make_interval(mins => m.minute)) at time zone 'Europe/Rome' as starts_at
        from days, generate_series(hours_shown.first_minute, hours_shown.last_minute - 15, 15) as m(minute)
    ), salon_slots as materialized (
      select s.*, app_private.salon_open(caller_merchant_id, s.starts_at, s.starts_at + interval '15 minutes')
                    as open
        from slots s
    ), operator_slots as (
      select s.day, s.minute, o.id as operator_id,
             case when not s.open then 'closed'
                  when not app_private.operator_available(o.id, s.starts_at, s.starts_at + interval '15 minutes')
                  then 'away' end as kind
        from salon_slots s cross join operators o
    ), islands as (
      select os.day, os.operator_id, os.kind, os.minute,
             os.minute - 15 * row_number() over (partition by os.day, os.operator_id, os.kind order by os.minute)
               as island
        from operator_slots os
       where os.kind is not null
    ), shaded as (
      select i.day, i.operator_id, i.kind, min(i.minute) - hours_shown.first_minute as from_minutes,
             max(i.minute) + 15 - hours_shown.first_minute as to_minutes
        from islands i
       group by i.day, i.operator_id, i.kind, i.island
    )
    select jsonb_build_object(
      'today', to_char(today, 'YYYY-MM-DD'),
      'from_day', to_char(first_day, 'YYYY-MM-DD'),
      'previous_from_day', to_char(first_day - shown_days, 'YYYY-MM-DD'),
      'next_from_day', to_char(first_day + shown_days, 'YYYY-MM-DD'),
      'slot_minutes', 15,
      'slots', (select jsonb_agg(to_char(make_time(m / 60, m % 60, 0), 'HH24:MI') order by m)
                  from generate_series(hours_shown.first_minute, hours_shown.last_minute - 15, 15) as m),
      'operators', coalesce((
        select jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name) order by o.created_at, o.id)
          from operators o), '[]'::jsonb)
        || case when exists (select 1 from appointments a where a.operator_id is null)
                then jsonb_build_array(jsonb_build_object('id', null, 'name', 'Senza operatore'))
                else '[]'::jsonb end,
      'resources', coalesce((
        select jsonb_agg(jsonb_build_object('id', rs.id, 'name', rs.name) order by rs.created_at, rs.id)
          from app.resources rs where rs.merchant_id = caller_merchant_id), '[]'::jsonb),
      'days', (
        select jsonb_agg(jsonb_build_object(
                 'date', to_char(d.day, 'YYYY-MM-DD'),
                 'closed', not exists (select 1 from salon_slots s where s.day = d.day and s.open),
                 'shaded', coalesce((
                   select jsonb_agg(jsonb_build_object('operator_id', s.operator_id, 'kind', s.kind,
                                                       'from_minutes', s.from_minutes, 'to_minutes', s.to_minutes)
                                    order by s.operator_id, s.from_minutes)
                     from shaded s where s.day = d.day), '[]'::jsonb),
                 'appointments', coalesce((
                   select jsonb_agg(jsonb_build_object(
                            'id', a.id, 'client_id', a.client_id, 'treatment_id', a.treatment_id,
                            'series_id', a.series_id,
                            'visit_part', a.visit_part, 'visit_parts', nullif(a.visit_parts, 0),
                            'client_name', a.client_name, 'client_code', a.client_code,
                            'client_phone', a.client_phone, 'treatment_name', a.treatment_name,
                            'operator_id', a.operator_id, 'operator_name', a.operator_name,
                            'time', a."time",
                            'ends', to_char(a.ends_at at time zone 'Europe/Rome', 'HH24:MI'),
                            'duration_minutes', a.duration_minutes, 'notes', a.notes, 'status', a.status,
                            'starts_at', a.starts_at, 'ends_at', a.ends_at,
                            'actions', app_private.reservation_actions(a.status, a.starts_at, a.merchant_id, true),
                            'offset_minutes', a.offset_minutes, 'length_minutes', a.duration_minutes,
                            'whatsapp', a.whatsapp, 'reminder', a.reminder,
                            'buffer_minutes', a.buffer_minutes,
                            'processing_offset_minutes', a.processing_offset_minutes,
                            'processing_minutes', a.processing_minutes,
                            'resource_ids', coalesce((
                              select jsonb_agg(b.resource_id order by b.resource_id)
                                from app.resource_bookings b where b.reservation_id = a.id), '[]'::jsonb))
                          order by a.starts_at, a.operator_name, a.id)
                     from appointments a where a.date = to_char(d.day, 'YYYY-MM-DD')), '[]'::jsonb))
               order by d.day)
          from days d)
    )
  );
end
$$;
grant execute on function api.merchant_calendar(date, integer) to authenticated;
comment on function api.merchant_calendar(date, integer) is
  'Merchant only: its calendar for day_count days (1-7, default 7) from from_day (default today, within a '
  'year of today): today, previous_from_day and next_from_day (one page back and on), slot_minutes (15), '
  'slots (the grid''s rows, ''HH:MM'', whole hours covering the booking grid, opening hours and '
  'appointments), operators (plus ''Senza operatore'' when an appointment has none), and per day: date, '
  'closed (no slot open), shaded ({operator_id, kind closed|away, from_minutes, to_minutes} from the first '
  'row) and its confirmed appointments (and visits marked completata or non presentata) with client_phone, '
  'ends, actions, offset_minutes from the first row, length_minutes, whatsapp (api.reservation_whatsapp), '
  'reminder (app_private.reminder_status), buffer_minutes (the operator busy after it) and '
  'processing_offset_minutes/processing_minutes (the gap inside it when the operator is free; null when none) '
  'and resource_ids (the resources it holds, among resources: the salon''s, {id, name}); visit_part and '
  'visit_parts: its place in its visit and the visit''s number of treatments (null for a single one).';
