-- When a salon works: opening hours, closures, each operator's hours and absences.

create table app.opening_hours (
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  weekday integer not null check (weekday between 1 and 7),
  opens time not null,
  closes time not null,
  primary key (merchant_id, weekday, opens),
  check (opens < closes),
  check (extract(minute from opens)::integer % 15 = 0 and extract(second from opens) = 0),
  check (extract(minute from closes)::integer % 15 = 0 and extract(second from closes) = 0)
);
alter table app.opening_hours enable row level security;
grant select, insert, delete on app.opening_hours to authenticated;
grant all on app.opening_hours to service_role;
comment on table app.opening_hours is
  'A salon''s weekly opening ranges (weekday 1 = Monday ... 7 = Sunday, Europe/Rome). No rows: open '
  '09:00-19:00 every day. With rows, a weekday without rows is closed and an appointment must fit a range.';

create table app.salon_closures (
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  day date not null,
  primary key (merchant_id, day),
  reason text check (reason is null or (btrim(reason) <> '' and char_length(reason) <= 100))
);
alter table app.salon_closures enable row level security;
grant select, insert, delete on app.salon_closures to authenticated;
grant all on app.salon_closures to service_role;
comment on table app.salon_closures is 'Days a salon is closed (holidays), Europe/Rome dates.';
comment on column app.salon_closures.reason is 'Why the salon is closed that day (at most 100 characters), or null.';

create table app.operator_absences (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null,
  operator_id uuid not null,
  from_day date not null,
  to_day date not null,
  check (from_day <= to_day),
  foreign key (merchant_id, operator_id) references app.operators (merchant_id, id) on delete cascade
);
create index operator_absences_operator_idx on app.operator_absences (operator_id, from_day);
create index operator_absences_merchant_idx on app.operator_absences (merchant_id);
alter table app.operator_absences enable row level security;
grant select, insert, delete on app.operator_absences to authenticated;
grant all on app.operator_absences to service_role;
comment on table app.operator_absences is 'An operator''s absence from from_day to to_day included (Europe/Rome).';

create table app.operator_hours (
  merchant_id uuid not null,
  operator_id uuid not null,
  weekday integer not null check (weekday between 1 and 7),
  opens time not null,
  closes time not null,
  primary key (operator_id, weekday, opens),
  check (opens < closes),
  foreign key (merchant_id, operator_id) references app.operators (merchant_id, id) on delete cascade
);
create index operator_hours_merchant_idx on app.operator_hours (merchant_id);
alter table app.operator_hours enable row level security;
grant select, insert, delete on app.operator_hours to authenticated;
grant all on app.operator_hours to service_role;
comment on table app.operator_hours is
  'An operator''s weekly working ranges (weekday 1 = Monday). No rows: the salon''s hours. With rows, a '
  'weekday without rows is a day off and an appointment must fit a range.';

-- The two questions
-- Is the salon open for the whole of [starts_at, ends_at)? Definer: answers for any caller's salon.
create function app_private.salon_open(merchant_id uuid, starts_at timestamptz, ends_at timestamptz)
returns boolean
language sql stable security definer set search_path = ''
as $$
  with local as (
    select (salon_open.starts_at at time zone 'Europe/Rome') as starts,
           (salon_open.ends_at at time zone 'Europe/Rome') as ends
  )
  select not exists (select 1 from app.salon_closures c, local
                      where c.merchant_id = salon_open.merchant_id and c.day = local.starts::date)
     and (
       not exists (select 1 from app.opening_hours h where h.merchant_id = salon_open.merchant_id)
       or exists (select 1 from app.opening_hours h, local
                   where h.merchant_id = salon_open.merchant_id
                     and h.weekday = extract(isodow from local.starts)::integer
                     and local.ends::date = local.starts::date
                     and local.starts::time >= h.opens and local.ends::time <= h.closes)
     )
  from local
$$;
grant execute on function app_private.salon_open(uuid, timestamptz, timestamptz) to authenticated, service_role;

-- Is the operator at work for the whole of [starts_at, ends_at): not absent that day, and within one of
-- its weekly ranges when it has any? Definer, like salon_open.
create function app_private.operator_available(operator_id uuid, starts_at timestamptz, ends_at timestamptz)
returns boolean
language sql stable security definer set search_path = ''
as $$
  with local as (
    select (operator_available.starts_at at time zone 'Europe/Rome') as starts,
           (operator_available.ends_at at time zone 'Europe/Rome') as ends
  )
  select not exists (select 1 from app.operator_absences a
                      where a.operator_id = operator_available.operator_id
                        and local.starts::date between a.from_day and a.to_day)
     and (
       not exists (select 1 from app.operator_hours h where h.operator_id = operator_available.operator_id)
       or exists (select 1 from app.operator_hours h
                   where h.operator_id = operator_available.operator_id
                     and h.weekday = extract(isodow from local.starts)::integer
                     and local.ends::date = local.starts::date
                     and local.starts::time >= h.opens and local.ends::time <= h.closes)
     )
  from local
$$;
grant execute on function app_private.operator_available(uuid, timestamptz, timestamptz) to authenticated, service_role;

create function app_private.salon_closed_message() returns text
language sql immutable set search_path = ''
as $$ select 'Il salone è chiuso in questo orario' $$;
grant execute on function app_private.salon_closed_message() to authenticated, service_role;

create function app_private.operator_absent_message() returns text
language sql immutable set search_path = ''
as $$ select 'L''operatore scelto non lavora in questo orario' $$;
grant execute on function app_private.operator_absent_message() to authenticated, service_role;

-- api.booking_calendar: the closures with their reasons too
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
grant execute on function api.booking_calendar() to authenticated;
comment on function api.booking_calendar() is
  'Merchant only: its opening hours (empty = 09:00-19:00 every day), operator hours (none for an operator '
  '= the salon''s), closures (dates; closure_days adds each day''s reason) and operator absences.';

-- Weekly ranges [{weekday 1-7, opens, closes 'HH:MM'}], validated: quarter hours, at most 28, no
-- overlaps within a day. A refused range is named as the merchant sees it: 'Martedì, seconda fascia'.
create function app_private.weekly_hours(hours jsonb)
returns table (weekday integer, opens time, closes time)
language plpgsql immutable set search_path = ''
as $$
declare
  invalid text := 'Orari non validi: indica giorno (1-7), apertura e chiusura (HH:MM, ogni 15 minuti)';
  quarter_hour constant text := '^([01][0-9]|2[0-3]):(00|15|30|45)$';
  day_names constant text[] := array['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'];
  ordinals constant text[] := array['prima', 'seconda', 'terza', 'quarta', 'quinta', 'sesta', 'settima', 'ottava',
                                    'nona', 'decima'];
  ranges_seen integer[] := array[0, 0, 0, 0, 0, 0, 0];
  entry jsonb;
  day_number integer;
  range_name text;
begin
  if weekly_hours.hours is null or jsonb_typeof(weekly_hours.hours) <> 'array'
     or jsonb_array_length(weekly_hours.hours) > 28 then
    raise sqlstate 'P0001' using message = invalid;
  end if;
  for entry in select value from jsonb_array_elements(weekly_hours.hours) loop
    if jsonb_typeof(entry) <> 'object' or coalesce(entry ->> 'weekday', '') !~ '^[1-7]$' then
      raise sqlstate 'P0001' using message = invalid;
    end if;
    day_number := (entry ->> 'weekday')::integer;
    ranges_seen[day_number] := ranges_seen[day_number] + 1;
    range_name := day_names[day_number] || ', '
                  || coalesce(ordinals[ranges_seen[day_number]] || ' fascia', 'fascia ' || ranges_seen[day_number]);
    if coalesce(entry ->> 'opens', '') !~ quarter_hour or coalesce(entry ->> 'closes', '') !~ quarter_hour then
      raise sqlstate 'P0001' using
        message = range_name || ': indica apertura e chiusura in ore e minuti, ogni 15 minuti';
    end if;
    if (entry ->> 'opens') >= (entry ->> 'closes') then
      raise sqlstate 'P0001' using message = range_name || ': la chiusura deve essere dopo l''apertura';
    end if;
  end loop;
  if exists (
    select 1
      from jsonb_array_elements(weekly_hours.hours) with ordinality as a(value, n),
           jsonb_array_elements(weekly_hours.hours) with ordinality as b(value, n)
     where a.n < b.n and a.value ->> 'weekday' = b.value ->> 'weekday'
       and a.value ->> 'opens' < b.value ->> 'closes' and b.value ->> 'opens' < a.value ->> 'closes'
  ) then
    raise sqlstate 'P0001' using message = 'Gli orari di uno stesso giorno non possono sovrapporsi';
  end if;
  return query
    select (e ->> 'weekday')::integer, (e ->> 'opens')::time, (e ->> 'closes')::time
      from jsonb_array_elements(weekly_hours.hours) as e;
end
$$;
grant execute on function app_private.weekly_hours(jsonb) to authenticated, service_role;

create function api.set_opening_hours(hours jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  -- A refused range raises inside the insert: the call's transaction then keeps the old hours.
  delete from app.opening_hours h where h.merchant_id = caller_merchant_id;
  insert into app.opening_hours (merchant_id, weekday, opens, closes)
  select caller_merchant_id, w.weekday, w.opens, w.closes from app_private.weekly_hours(set_opening_hours.hours) w;
  return jsonb_build_object('message', 'Orari di apertura aggiornati');
end
$$;
grant execute on function api.set_opening_hours(jsonb) to authenticated;
comment on function api.set_opening_hours(jsonb) is
  'Merchant only: replaces its weekly opening hours with [{weekday 1-7, opens, closes ''HH:MM''}] (at most '
  '28 ranges, quarter hours, no overlaps in a day); weekdays left out are closed; [] = 09:00-19:00 every day.';

create function api.set_salon_closure(day date, closed boolean default true) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_salon_closure.day is null or set_salon_closure.closed is null then
    raise sqlstate 'P0001' using message = 'Indica il giorno di chiusura';
  end if;
  if set_salon_closure.closed then
    insert into app.salon_closures (merchant_id, day) values (caller_merchant_id, set_salon_closure.day)
    on conflict do nothing;
    return jsonb_build_object('message', 'Giorno di chiusura aggiunto');
  end if;
  delete from app.salon_closures c where c.merchant_id = caller_merchant_id and c.day = set_salon_closure.day;
  return jsonb_build_object('message', 'Giorno di chiusura rimosso');
end
$$;
grant execute on function api.set_salon_closure(date, boolean) to authenticated;
comment on function api.set_salon_closure(date, boolean) is
  'Merchant only: closes the salon on a date (closed = true) or reopens it (closed = false).';

create function api.add_operator_absence(operator_id uuid, from_day date, to_day date) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_id uuid;
begin
  if add_operator_absence.operator_id is null or add_operator_absence.from_day is null
     or add_operator_absence.to_day is null then
    raise sqlstate 'P0001' using message = 'Indica operatore, primo e ultimo giorno di assenza';
  end if;
  if add_operator_absence.to_day < add_operator_absence.from_day
     or add_operator_absence.to_day > add_operator_absence.from_day + 366 then
    raise sqlstate 'P0001' using message = 'L''ultimo giorno deve seguire il primo, entro un anno';
  end if;
  if not exists (select 1 from app.operators o
                  where o.id = add_operator_absence.operator_id and o.merchant_id = caller_merchant_id) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  insert into app.operator_absences (merchant_id, operator_id, from_day, to_day)
  values (caller_merchant_id, add_operator_absence.operator_id, add_operator_absence.from_day,
          add_operator_absence.to_day)
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'message', 'Assenza registrata');
end
$$;
grant execute on function api.add_operator_absence(uuid, date, date) to authenticated;
comment on function api.add_operator_absence(uuid, date, date) is
  'Merchant only: records that one of its operators is absent from from_day to to_day included.';

create function api.delete_operator_absence(absence_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  delete from app.operator_absences a
   where a.id = delete_operator_absence.absence_id and a.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Assenza non trovata';
  end if;
  return jsonb_build_object('message', 'Assenza eliminata');
end
$$;
grant execute on function api.delete_operator_absence(uuid) to authenticated;
comment on function api.delete_operator_absence(uuid) is 'Merchant only: deletes one of its operators'' absences.';

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
grant execute on function api.set_operator_hours(uuid, jsonb) to authenticated;
comment on function api.set_operator_hours(uuid, jsonb) is
  'Merchant only: replaces one operator''s weekly working ranges (same shape as set_opening_hours), each '
  'within one of the salon''s opening ranges of that weekday (09:00-19:00 while none is set); weekdays '
  'left out are days off; [] = the salon''s hours.';

-- Closed days
-- Is the salon closed all day? The same data app_private.salon_open reads, for a whole date.
create function app_private.salon_closed_on(merchant_id uuid, day date) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from app.salon_closures c
                  where c.merchant_id = salon_closed_on.merchant_id and c.day = salon_closed_on.day)
      or (exists (select 1 from app.opening_hours h where h.merchant_id = salon_closed_on.merchant_id)
          and not exists (select 1 from app.opening_hours h
                           where h.merchant_id = salon_closed_on.merchant_id
                             and h.weekday = extract(isodow from salon_closed_on.day)::integer))
$$;
grant execute on function app_private.salon_closed_on(uuid, date) to authenticated, service_role;

-- api.merchant_calendar
create function api.merchant_calendar(from_day date default null, day_count integer default 7)
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

-- Operator hours inside the opening hours
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

-- api.add_salon_closure: one day or a range, with a reason
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
grant execute on function api.add_salon_closure(date, date, text) to authenticated;
comment on function api.add_salon_closure(date, date, text) is
  'Merchant only: closes the salon from from_day to to_day included (to_day null = one day, at most a year '
  'later), with an optional reason (at most 100 characters). set_salon_closure(day, false) reopens a day.';

create function api.remove_salon_closure(from_day date, to_day date default null) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  last_day date := coalesce(remove_salon_closure.to_day, remove_salon_closure.from_day);
  removed integer;
begin
  if remove_salon_closure.from_day is null then
    raise sqlstate 'P0001' using message = 'Indica il giorno di chiusura';
  end if;
  if last_day < remove_salon_closure.from_day or last_day > remove_salon_closure.from_day + 366 then
    raise sqlstate 'P0001' using message = 'L''ultimo giorno deve seguire il primo, entro un anno';
  end if;
  delete from app.salon_closures c
   where c.merchant_id = caller_merchant_id and c.day between remove_salon_closure.from_day and last_day;
  get diagnostics removed = row_count;
  if removed = 0 then
    raise sqlstate 'P0001' using message = 'Chiusura non trovata';
  end if;
  return jsonb_build_object('message', case when removed = 1
                                            then 'Giorno di chiusura rimosso' else 'Giorni di chiusura rimossi' end);
end
$$;
grant execute on function api.remove_salon_closure(date, date) to authenticated;
comment on function api.remove_salon_closure(date, date) is
  'Merchant only: reopens the salon on its closed days from from_day to to_day included (to_day null = one '
  'day, at most a year later), all in one statement; refused when none of them was closed.';

create policy "Merchants see their own opening hours" on app.opening_hours
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants add their own opening hours" on app.opening_hours
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants remove their own opening hours" on app.opening_hours
  for delete to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Clients see their merchants' opening hours" on app.opening_hours
  for select to authenticated
  using (merchant_id = any ((select app_private.my_client_merchant_ids())::uuid[]));

create policy "Merchants see their own closures" on app.salon_closures
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants add their own closures" on app.salon_closures
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants remove their own closures" on app.salon_closures
  for delete to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Clients see their merchants' closures" on app.salon_closures
  for select to authenticated
  using (merchant_id = any ((select app_private.my_client_merchant_ids())::uuid[]));

create policy "Merchants see their own operators' absences" on app.operator_absences
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants add their own operators' absences" on app.operator_absences
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants remove their own operators' absences" on app.operator_absences
  for delete to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Clients see their merchants' operators' absences" on app.operator_absences
  for select to authenticated
  using (merchant_id = any ((select app_private.my_client_merchant_ids())::uuid[]));

create policy "Merchants see their own operators' hours" on app.operator_hours
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants add their own operators' hours" on app.operator_hours
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants remove their own operators' hours" on app.operator_hours
  for delete to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Clients see their merchants' operators' hours" on app.operator_hours
  for select to authenticated
  using (merchant_id = any ((select app_private.my_client_merchant_ids())::uuid[]));

-- Names, notes and reasons that cannot deceive (app_private.refuse_deceptive_text)
create trigger salon_closures_plain_text before insert or update of reason on app.salon_closures
  for each row execute function app_private.refuse_deceptive_text('reason', 'Il motivo');
