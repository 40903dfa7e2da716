-- A visit's calendar file: one event spanning the whole visit, every part's time, treatment and operator in
-- its description, the visit's id as UID (the same file from any part, in the e-mail and the browser).

-- A visit is one event from its first part's start to its last one's end, each part's time, treatment and
-- operator in its description: one trip to the salon, one entry and one reminder in her calendar, and the
-- same UID (the visit's) whichever part's e-mail carries it.
create or replace function app_private.reservation_ics(reservation_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select string_agg(app_private.ics_fold(line), E'\r\n' order by position) || E'\r\n'
    from app.reservations r
    join app.merchants m on m.id = r.merchant_id
    cross join lateral (
      select min(p.starts_at) as starts_at, max(p.ends_at) as ends_at, max(p.updated_at) as updated_at,
             string_agg(p.treatment_name, ', ' order by p.visit_part) as treatments,
             string_agg(case when r.visit_id is not null
                             then to_char(p.starts_at at time zone 'Europe/Rome', 'HH24:MI') || ' '
                                  || p.treatment_name || ' - '
                             else '' end
                        || 'Operatore: ' || coalesce(o.name, p.operator_name, 'Nessuna preferenza'),
                        E'\n' order by p.visit_part) as parts
        from app.reservations p
        left join app.operators o on o.id = p.operator_id
       where (p.id = r.id or p.visit_id = r.visit_id) and p.status = 'confermata'
    ) v
    cross join lateral unnest(array[
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Passaparola//Prenotazioni//IT',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Rome',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'TZNAME:CEST',
      'DTSTART:19700329T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'TZNAME:CET',
      'DTSTART:19701025T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:' || coalesce(r.visit_id, r.id) || '@passaparola',
      'DTSTAMP:' || to_char(v.updated_at at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"'),
      'DTSTART;TZID=Europe/Rome:' || to_char(v.starts_at at time zone 'Europe/Rome', 'YYYYMMDD"T"HH24MISS'),
      'DTEND;TZID=Europe/Rome:' || to_char(v.ends_at at time zone 'Europe/Rome', 'YYYYMMDD"T"HH24MISS'),
      'SUMMARY:' || app_private.ics_text(v.treatments || ' - ' || m.name),
      'LOCATION:' || app_private.ics_text(coalesce(m.address, m.name)),
      'DESCRIPTION:' || app_private.ics_text(v.parts || E'\n' || 'Telefono del salone: ' || m.phone),
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR'
    ]) with ordinality as lines (line, position)
   where r.id = reservation_ics.reservation_id and r.status = 'confermata'
$$;
revoke all on function app_private.reservation_ics(uuid) from anon;
grant execute on function app_private.reservation_ics(uuid) to authenticated, service_role;
comment on function app_private.reservation_ics(uuid) is
  'The iCalendar entry of a confirmed appointment (Europe/Rome with its VTIMEZONE, CRLF, escaped and folded '
  'lines), for a part of a visit the whole visit as one event listing every part; null when it is not '
  'confirmed. Callers check who may read it.';

