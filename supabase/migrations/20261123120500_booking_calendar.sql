-- The salon's calendar: weekly opening hours (several ranges a day; a salon that never set them is open
-- 09:00-19:00 every day, spec §9), closures by date, each operator's weekly hours (none set = the
-- salon's) and absences by date range. Free times,
-- booking, modifying and confirming respect them: app_private.salon_open and
-- app_private.operator_available are the two questions every path asks.

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
comment on table app.opening_hours is
  'A salon''s weekly opening ranges (weekday 1 = Monday ... 7 = Sunday, Europe/Rome). No rows: open '
  '09:00-19:00 every day. With rows, a weekday without rows is closed and an appointment must fit a range.';

create table app.salon_closures (
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  day date not null,
  primary key (merchant_id, day)
);
comment on table app.salon_closures is 'Days a salon is closed (holidays), Europe/Rome dates.';

create table app.operator_absences (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null,
  operator_id uuid not null,
  from_day date not null,
  to_day date not null,
  check (from_day <= to_day),
  foreign key (merchant_id, operator_id) references app.operators (merchant_id, id) on delete cascade
);
comment on table app.operator_absences is 'An operator''s absence from from_day to to_day included (Europe/Rome).';
create index operator_absences_operator_idx on app.operator_absences (operator_id, from_day);
create index operator_absences_merchant_idx on app.operator_absences (merchant_id);

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
comment on table app.operator_hours is
  'An operator''s weekly working ranges (weekday 1 = Monday). No rows: the salon''s hours. With rows, a '
  'weekday without rows is a day off and an appointment must fit a range.';
create index operator_hours_merchant_idx on app.operator_hours (merchant_id);

alter table app.opening_hours enable row level security;
alter table app.salon_closures enable row level security;
alter table app.operator_absences enable row level security;
alter table app.operator_hours enable row level security;
grant select, insert, delete on app.opening_hours, app.salon_closures, app.operator_absences,
  app.operator_hours to authenticated;
grant all on app.opening_hours, app.salon_closures, app.operator_absences, app.operator_hours to service_role;

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

-- ============================================================================
-- The two questions
-- ============================================================================
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

grant execute on function app_private.salon_open(uuid, timestamptz, timestamptz),
  app_private.operator_available(uuid, timestamptz, timestamptz) to authenticated, service_role;

create function app_private.salon_closed_message() returns text
language sql immutable set search_path = ''
as $$ select 'Il salone è chiuso in questo orario' $$;
create function app_private.operator_absent_message() returns text
language sql immutable set search_path = ''
as $$ select 'L''operatore scelto non lavora in questo orario' $$;
grant execute on function app_private.salon_closed_message(), app_private.operator_absent_message()
  to authenticated, service_role;

-- Free operators: at work that day, in an open salon.
create or replace function app_private.free_operators(
  merchant_id uuid,
  treatment_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null
) returns table (operator_id uuid, operator_name text, image_path text, busy_minutes integer)
language plpgsql stable security definer set search_path = ''
as $$
declare
  rome_day date := (free_operators.starts_at at time zone 'Europe/Rome')::date;
  day_start timestamptz := rome_day::timestamp at time zone 'Europe/Rome';
  day_end timestamptz := (rome_day + 1)::timestamp at time zone 'Europe/Rome';
begin
  if free_operators.merchant_id is distinct from app_private.current_merchant_id()
     and not free_operators.merchant_id = any (app_private.my_client_merchant_ids()) then
    raise sqlstate '42501' using message = 'Accesso negato';
  end if;
  if not app_private.salon_open(free_operators.merchant_id, free_operators.starts_at, free_operators.ends_at) then
    return;
  end if;
  return query
    select o.id, o.name, o.image_path,
           coalesce((select sum(extract(epoch from r.ends_at - r.starts_at) / 60)::integer
                       from app.reservations r
                      where r.operator_id = o.id and r.status = 'confermata'
                        and r.starts_at >= day_start and r.starts_at < day_end), 0)
      from app.operators o
     where o.id in (select app_private.performing_operator_ids(free_operators.merchant_id,
                                                               free_operators.treatment_id))
       and app_private.operator_available(o.id, free_operators.starts_at, free_operators.ends_at)
       and not exists (
         select 1 from app.reservations r
          where r.operator_id = o.id and r.status = 'confermata'
            and r.id is distinct from free_operators.except_reservation_id
            and r.starts_at < free_operators.ends_at and r.ends_at > free_operators.starts_at)
     order by 4, o.name, o.id;
end
$$;

-- A named operator: the salon open, the operator at work, then not busy.
create or replace function app_private.check_slot_free(
  merchant_id uuid,
  treatment_id uuid,
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null
) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not app_private.salon_open(check_slot_free.merchant_id, check_slot_free.starts_at, check_slot_free.ends_at) then
    raise sqlstate 'P0001' using message = app_private.salon_closed_message();
  end if;
  if check_slot_free.operator_id is not null then
    if not app_private.operator_available(check_slot_free.operator_id, check_slot_free.starts_at,
                                            check_slot_free.ends_at) then
      raise sqlstate 'P0001' using message = app_private.operator_absent_message();
    end if;
    perform app_private.check_operator_free(check_slot_free.operator_id, check_slot_free.starts_at,
                                            check_slot_free.ends_at, check_slot_free.except_reservation_id);
  elsif not exists (
    select 1 from app_private.free_operators(check_slot_free.merchant_id, check_slot_free.treatment_id,
                                             check_slot_free.starts_at, check_slot_free.ends_at,
                                             check_slot_free.except_reservation_id)
  ) then
    raise sqlstate 'P0001' using message = app_private.no_operator_free_message();
  end if;
end
$$;

-- Confirming (merchant or client accepting) re-checks the calendar, whoever confirms.
create function app_private.check_confirmation_calendar() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if not app_private.salon_open(new.merchant_id, new.starts_at, new.ends_at) then
    raise sqlstate 'P0001' using message = app_private.salon_closed_message();
  end if;
  if new.operator_id is not null
     and not app_private.operator_available(new.operator_id, new.starts_at, new.ends_at) then
    raise sqlstate 'P0001' using message = app_private.operator_absent_message();
  end if;
  return new;
end
$$;

create trigger reservations_confirm_within_the_calendar
  before update of status on app.reservations
  for each row when (new.status = 'confermata' and old.status <> 'confermata')
  execute function app_private.check_confirmation_calendar();

create or replace function api.free_times(
  merchant_slug text,
  treatment_id uuid,
  operator_id uuid default null,
  date date default null
) returns text[]
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_booking_party(free_times.merchant_slug);
  today date := app_private.rome_today();
  chosen app.treatments;
begin
  if free_times.treatment_id is null or free_times.date is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento e data';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, free_times.treatment_id, free_times.operator_id);
  if free_times.date < today or free_times.date > today + 29 then
    return '{}';
  end if;
  return array(
    select g.label from app_private.booking_grid(free_times.date) g
     where g.starts_at > now()
       and case when free_times.operator_id is null
             then exists (select 1 from app_private.free_operators(
                            caller_merchant_id, chosen.id, g.starts_at,
                            g.starts_at + make_interval(mins => chosen.duration_minutes)))
             else app_private.salon_open(caller_merchant_id, g.starts_at,
                                         g.starts_at + make_interval(mins => chosen.duration_minutes))
                  and app_private.operator_available(free_times.operator_id, g.starts_at,
                                                     g.starts_at + make_interval(mins => chosen.duration_minutes))
                  and not app_private.operator_is_busy(
                        free_times.operator_id, g.starts_at,
                        g.starts_at + make_interval(mins => chosen.duration_minutes))
           end
     order by g.starts_at
  );
end
$$;
comment on function api.free_times(text, uuid, uuid, date) is
  'The merchant itself or one of its clients: the bookable start times (''HH:MM'' of the 15-minute grid, '
  'Europe/Rome) of a day in the 30-day window: not past, the salon open for the whole treatment, and the '
  'chosen operator (or, with none, at least one who performs it) at work and free for its whole duration.';

-- ============================================================================
-- Reading and setting the calendar (merchant only)
-- ============================================================================
create function api.booking_calendar() returns jsonb
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
    'absences', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'operator_id', a.operator_id,
                                          'from_day', to_char(a.from_day, 'YYYY-MM-DD'),
                                          'to_day', to_char(a.to_day, 'YYYY-MM-DD')) order by a.from_day, a.id)
        from app.operator_absences a where a.merchant_id = caller_merchant_id), '[]'::jsonb));
end
$$;
comment on function api.booking_calendar() is
  'Merchant only: its opening hours (empty = 09:00-19:00 every day), operator hours (none for an operator '
  '= the salon''s), closures and operator absences.';
grant execute on function api.booking_calendar() to authenticated;

-- Weekly ranges [{weekday 1-7, opens, closes 'HH:MM'}], validated: quarter hours, at most 28, no
-- overlaps within a day.
create function app_private.weekly_hours(hours jsonb)
returns table (weekday integer, opens time, closes time)
language plpgsql immutable set search_path = ''
as $$
declare
  invalid text := 'Orari non validi: indica giorno (1-7), apertura e chiusura (HH:MM, ogni 15 minuti)';
  entry jsonb;
begin
  if weekly_hours.hours is null or jsonb_typeof(weekly_hours.hours) <> 'array'
     or jsonb_array_length(weekly_hours.hours) > 28 then
    raise sqlstate 'P0001' using message = invalid;
  end if;
  for entry in select value from jsonb_array_elements(weekly_hours.hours) loop
    if jsonb_typeof(entry) <> 'object'
       or coalesce(entry ->> 'weekday', '') !~ '^[1-7]$'
       or coalesce(entry ->> 'opens', '') !~ '^([01][0-9]|2[0-3]):(00|15|30|45)$'
       or coalesce(entry ->> 'closes', '') !~ '^([01][0-9]|2[0-3]):(00|15|30|45)$'
       or (entry ->> 'opens') >= (entry ->> 'closes') then
      raise sqlstate 'P0001' using message = invalid;
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
comment on function api.set_opening_hours(jsonb) is
  'Merchant only: replaces its weekly opening hours with [{weekday 1-7, opens, closes ''HH:MM''}] (at most '
  '28 ranges, quarter hours, no overlaps in a day); weekdays left out are closed; [] = 09:00-19:00 every day.';
grant execute on function api.set_opening_hours(jsonb) to authenticated;

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
comment on function api.set_salon_closure(date, boolean) is
  'Merchant only: closes the salon on a date (closed = true) or reopens it (closed = false).';
grant execute on function api.set_salon_closure(date, boolean) to authenticated;

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
comment on function api.add_operator_absence(uuid, date, date) is
  'Merchant only: records that one of its operators is absent from from_day to to_day included.';
grant execute on function api.add_operator_absence(uuid, date, date) to authenticated;

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
comment on function api.delete_operator_absence(uuid) is 'Merchant only: deletes one of its operators'' absences.';
grant execute on function api.delete_operator_absence(uuid) to authenticated;

create function api.set_operator_hours(operator_id uuid, hours jsonb) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if not exists (select 1 from app.operators o
                  where o.id = set_operator_hours.operator_id and o.merchant_id = caller_merchant_id) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  delete from app.operator_hours h where h.operator_id = set_operator_hours.operator_id;
  insert into app.operator_hours (merchant_id, operator_id, weekday, opens, closes)
  select caller_merchant_id, set_operator_hours.operator_id, w.weekday, w.opens, w.closes
    from app_private.weekly_hours(set_operator_hours.hours) w;
  return jsonb_build_object('message', 'Orari dell''operatore aggiornati');
end
$$;
comment on function api.set_operator_hours(uuid, jsonb) is
  'Merchant only: replaces one operator''s weekly working ranges (same shape as set_opening_hours); '
  'weekdays left out are days off; [] = the salon''s hours.';
grant execute on function api.set_operator_hours(uuid, jsonb) to authenticated;
