-- Free times: the booking grid and window, which operators are busy or free, and the checks that
-- keep a confirmed slot free and inside the calendar.

create or replace function app_private.booking_start(day date, at_time text) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  bookable record := app_private.booking_window();
  clock text := btrim(coalesce(booking_start.at_time, ''));
  starts timestamptz;
begin
  if booking_start.day < bookable.first_day or booking_start.day > bookable.last_day then
    raise sqlstate 'P0001' using message = 'Scegli una data entro i prossimi 30 giorni';
  end if;
  if clock ~ '^[0-9]{2}:[0-9]{2}:00$' then
    clock := left(clock, 5);
  end if;
  select g.starts_at into starts from app_private.booking_grid(booking_start.day) g where g.label = clock;
  if starts is null then
    raise sqlstate 'P0001' using message = app_private.booking_grid_message();
  end if;
  if starts <= now() then
    raise sqlstate 'P0001' using message = 'L''orario scelto è già passato';
  end if;
  return starts;
end
$$;
grant execute on function app_private.booking_start(date, text) to authenticated, service_role;

-- The start times of the grid on one day, as 'HH:MM' and as instants.
create function app_private.booking_grid(day date)
returns table (label text, starts_at timestamptz)
language sql stable set search_path = ''
as $$
  select to_char(slot, 'HH24:MI'), slot at time zone 'Europe/Rome'
    from generate_series(booking_grid.day + time '09:00', booking_grid.day + time '19:00', interval '15 minutes')
         as slot
$$;
grant execute on function app_private.booking_grid(date) to authenticated, service_role;

-- The operator's busy span a treatment at [starts_at, ends_at) would take: the timing the reservation was
-- booked with when there is one, else the treatment's (a plain [starts_at, ends_at) without either).
-- Definer: reads the treatment and reservation whoever asks; callers have checked the caller.
create function app_private.candidate_busy(
  treatment_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  reservation_id uuid default null
) returns tstzmultirange
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    (select app_private.busy_span(candidate_busy.starts_at, candidate_busy.ends_at, r.buffer_minutes,
                                  r.processing_offset_minutes, r.processing_minutes)
       from app.reservations r where r.id = candidate_busy.reservation_id),
    (select app_private.busy_span(candidate_busy.starts_at, candidate_busy.ends_at, t.buffer_minutes,
                                  t.processing_offset_minutes, t.processing_minutes)
       from app.treatments t where t.id = candidate_busy.treatment_id),
    tstzmultirange(tstzrange(candidate_busy.starts_at, candidate_busy.ends_at)))
$$;
grant execute on function app_private.candidate_busy(uuid, timestamptz, timestamptz, uuid)
  to authenticated, service_role;

create function app_private.operator_has_confirmed_overlap(
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null,
  treatment_id uuid default null
) returns boolean
language sql stable set search_path = ''
as $$
  -- Asked as the exclusion constraint reservations_operator_never_double_booked states it, so that
  -- its index answers: the busy spans overlap.
  select exists (
    select 1 from app.reservations r
     where r.operator_id = operator_has_confirmed_overlap.operator_id
       and r.status = 'confermata'
       and r.operator_busy && app_private.candidate_busy(
             operator_has_confirmed_overlap.treatment_id, operator_has_confirmed_overlap.starts_at,
             operator_has_confirmed_overlap.ends_at, operator_has_confirmed_overlap.except_reservation_id)
       and r.id is distinct from operator_has_confirmed_overlap.except_reservation_id
  )
$$;
comment on function app_private.operator_has_confirmed_overlap(uuid, timestamptz, timestamptz, uuid, uuid) is
  'Whether the operator has a confirmed reservation whose busy span overlaps the one of treatment_id at '
  '[starts_at, ends_at) (app_private.candidate_busy), other than except_reservation_id. Reads every '
  'reservation (no RLS check): call it from a function that has checked the caller.';

-- Busy: a confirmed appointment of the operator overlaps the slot (after checking the caller may see
-- the operator).
create or replace function app_private.operator_is_busy(
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null,
  treatment_id uuid default null
) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not exists (
    select 1 from app.operators o
     where o.id = operator_is_busy.operator_id
       and (o.merchant_id = app_private.current_merchant_id()
            or o.merchant_id = any (app_private.my_client_merchant_ids()))
  ) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  return app_private.operator_has_confirmed_overlap(operator_is_busy.operator_id, operator_is_busy.starts_at,
                                                    operator_is_busy.ends_at, operator_is_busy.except_reservation_id,
                                                    operator_is_busy.treatment_id);
end
$$;
grant execute on function app_private.operator_is_busy(uuid, timestamptz, timestamptz, uuid, uuid)
  to authenticated, service_role;

create or replace function api.booking_dates(merchant_slug text) returns text[]
language plpgsql stable set search_path = ''
as $$
declare
  bookable record := app_private.booking_window();
begin
  perform app_private.require_client(booking_dates.merchant_slug);
  return array(
    select to_char(d, 'YYYY-MM-DD')
      from generate_series(bookable.first_day::timestamp, bookable.last_day::timestamp, interval '1 day') as d
     order by d
  );
end
$$;
grant execute on function api.booking_dates(text) to authenticated;
comment on function api.booking_dates(text) is
  'Client only: the 30 bookable days, today first (Europe/Rome, rolling over at midnight).';

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
  bookable record := app_private.booking_window();
  chosen app.treatments;
begin
  if free_times.treatment_id is null or free_times.date is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento e data';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, free_times.treatment_id, free_times.operator_id);
  if free_times.date < bookable.first_day or free_times.date > bookable.last_day then
    return '{}';
  end if;
  return array(
    select g.label from app_private.booking_grid(free_times.date) g
     where g.starts_at > now()
       and app_private.slot_fits(caller_merchant_id, chosen.id, free_times.operator_id, g.starts_at,
                                 g.starts_at + make_interval(mins => chosen.duration_minutes))
     order by g.starts_at
  );
end
$$;
grant execute on function api.free_times(text, uuid, uuid, date) to authenticated;
comment on function api.free_times(text, uuid, uuid, date) is
  'The merchant itself or one of its clients: the bookable start times (''HH:MM'' of the 15-minute grid, '
  'Europe/Rome) of a day in the 30-day window: not past, the salon open for the whole treatment, and the '
  'chosen operator (or, with none, at least one who performs it) at work for its whole duration and free for '
  'its busy span (with the pause after it, without its processing gap), and the resources it needs in use '
  'and free together (app_private.resources_free).';

-- 'Prenota di nuovo': the first day of the window with a free time for this treatment and operator.
create function api.first_free_day(
  merchant_slug text,
  treatment_id uuid,
  operator_id uuid default null
) returns text
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_booking_party(first_free_day.merchant_slug);
  bookable record := app_private.booking_window();
  day date;
begin
  if first_free_day.treatment_id is null then
    raise sqlstate 'P0001' using message = 'Seleziona un trattamento';
  end if;
  perform app_private.bookable_treatment(caller_merchant_id, first_free_day.treatment_id,
                                         first_free_day.operator_id);
  for day in
    select cast(s as date) from generate_series(bookable.first_day::timestamp, bookable.last_day::timestamp,
                                                interval '1 day') as s
  loop
    if not app_private.salon_closed_on(caller_merchant_id, day)
       and cardinality(api.free_times(first_free_day.merchant_slug, first_free_day.treatment_id,
                                      first_free_day.operator_id, day)) > 0 then
      return to_char(day, 'YYYY-MM-DD');
    end if;
  end loop;
  return null;
end
$$;
grant execute on function api.first_free_day(text, uuid, uuid) to authenticated;
comment on function api.first_free_day(text, uuid, uuid) is
  'The merchant itself or one of its clients: the first day of the 30-day window (''YYYY-MM-DD'') on which '
  'api.free_times has a time for the treatment and operator (any, when null); null when none has.';

-- The Italian message for the constraint, in one place.
create function app_private.slot_taken_message() returns text
language sql immutable set search_path = ''
as $$
  select 'Orario non disponibile: l''operatore ha già un appuntamento confermato in questa fascia'
$$;
grant execute on function app_private.slot_taken_message() to authenticated, service_role;

-- The confirms of one salon, its series and its phone bookings take turns (a lock held to the end of the
-- transaction): none waits on another's rows, so none deadlocks, and a turn that does not come within
-- lock_timeout is answered at once with a message the screen shows, instead of holding the caller until
-- statement_timeout.
create function app_private.take_confirm_turn(merchant_id uuid) returns void
language plpgsql set search_path = '' set lock_timeout = '1500ms'
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('confirm_slot ' || take_confirm_turn.merchant_id::text, 0));
exception
  when lock_not_available then
    raise sqlstate 'P0001' using message = 'Orario appena occupato da un''altra conferma: riprova';
end
$$;
grant execute on function app_private.take_confirm_turn(uuid) to authenticated, service_role;

create or replace function app_private.confirm_slot(
  reservation_id uuid,
  from_status text,
  operator_id uuid default null,
  clear_notes boolean default false
) returns text
language plpgsql set search_path = '' set lock_timeout = '1500ms'
as $$
declare
  violated text;
begin
  perform app_private.take_confirm_turn(r.merchant_id)
     from app.reservations r where r.id = confirm_slot.reservation_id;
  for attempt in 1 .. 3 loop
    begin
      update app.reservations r
         set status = 'confermata',
             operator_id = coalesce(confirm_slot.operator_id, r.operator_id),
             notes = case when confirm_slot.clear_notes then '' else r.notes end
       where r.id = confirm_slot.reservation_id and r.status = confirm_slot.from_status;
      if not found then
        return 'not_found';
      end if;
      return 'confirmed';
    exception
      when exclusion_violation then
        get stacked diagnostics violated = constraint_name;
        if violated = 'resource_bookings_never_double_booked' then
          raise sqlstate 'P0001' using message = app_private.resource_taken_message(
            app_private.taken_resource_name(confirm_slot.reservation_id));
        end if;
        return 'taken';
      when deadlock_detected then
        if attempt = 3 then
          return 'taken';
        end if;
    end;
  end loop;
end
$$;
grant execute on function app_private.confirm_slot(uuid, text, uuid, boolean) to authenticated, service_role;
comment on function app_private.confirm_slot(uuid, text, uuid, boolean) is
  'Moves one reservation from from_status to ''confermata'' (optionally assigning its operator and clearing '
  'notes): ''confirmed'', ''not_found'' (no longer in from_status) or ''taken'' (an overlapping confirmed '
  'reservation of the operator, also when a simultaneous confirm of it won the race). A cabin or piece of '
  'equipment already in use is refused with its name.';

-- Refuses a slot the operator already has confirmed (a courtesy check before the constraint decides).
create function app_private.check_operator_free(
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null,
  treatment_id uuid default null
) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if check_operator_free.operator_id is not null and app_private.operator_is_busy(
       check_operator_free.operator_id, check_operator_free.starts_at, check_operator_free.ends_at,
       check_operator_free.except_reservation_id, check_operator_free.treatment_id) then
    raise sqlstate 'P0001' using message = app_private.slot_taken_message();
  end if;
end
$$;
grant execute on function app_private.check_operator_free(uuid, timestamptz, timestamptz, uuid, uuid)
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
  if not app_private.salon_open(free_operators.merchant_id, free_operators.starts_at, free_operators.ends_at)
     or not app_private.resources_free(free_operators.treatment_id, free_operators.starts_at,
                                       free_operators.ends_at, free_operators.except_reservation_id) then
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
       and not app_private.operator_has_confirmed_overlap(o.id, free_operators.starts_at, free_operators.ends_at,
                                                          free_operators.except_reservation_id,
                                                          free_operators.treatment_id)
     order by 4, o.name, o.id;
end
$$;
grant execute on function app_private.free_operators(uuid, uuid, timestamptz, timestamptz, uuid) to authenticated, service_role;

-- Does a treatment fit at [starts_at, ends_at): the salon open for it, its resources free, and the chosen
-- operator (or, with none, at least one who performs it) at work and free for its busy span. The one rule
-- behind a treatment's free times and a visit's.
create function app_private.slot_fits(
  merchant_id uuid,
  treatment_id uuid,
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz
) returns boolean
language sql stable set search_path = ''
as $$
  select case when slot_fits.operator_id is null
    then exists (select 1 from app_private.free_operators(slot_fits.merchant_id, slot_fits.treatment_id,
                                                          slot_fits.starts_at, slot_fits.ends_at))
    else app_private.salon_open(slot_fits.merchant_id, slot_fits.starts_at, slot_fits.ends_at)
         and app_private.resources_free(slot_fits.treatment_id, slot_fits.starts_at, slot_fits.ends_at)
         and app_private.operator_available(slot_fits.operator_id, slot_fits.starts_at, slot_fits.ends_at)
         and not app_private.operator_is_busy(slot_fits.operator_id, slot_fits.starts_at, slot_fits.ends_at,
                                              null, slot_fits.treatment_id)
  end
$$;
grant execute on function app_private.slot_fits(uuid, uuid, uuid, timestamptz, timestamptz)
  to authenticated, service_role;

create function app_private.no_operator_free_message() returns text
language sql immutable set search_path = ''
as $$
  select 'Orario non disponibile: nessun operatore che esegue il trattamento è libero in questa fascia'
$$;
grant execute on function app_private.no_operator_free_message() to authenticated, service_role;

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
  if not app_private.resources_free(check_slot_free.treatment_id, check_slot_free.starts_at,
                                    check_slot_free.ends_at, check_slot_free.except_reservation_id) then
    raise sqlstate 'P0001' using message = app_private.resource_taken_message();
  end if;
  if check_slot_free.operator_id is not null then
    if not app_private.operator_available(check_slot_free.operator_id, check_slot_free.starts_at,
                                            check_slot_free.ends_at) then
      raise sqlstate 'P0001' using message = app_private.operator_absent_message();
    end if;
    perform app_private.check_operator_free(check_slot_free.operator_id, check_slot_free.starts_at,
                                            check_slot_free.ends_at, check_slot_free.except_reservation_id,
                                            check_slot_free.treatment_id);
  elsif not exists (
    select 1 from app_private.free_operators(check_slot_free.merchant_id, check_slot_free.treatment_id,
                                             check_slot_free.starts_at, check_slot_free.ends_at,
                                             check_slot_free.except_reservation_id)
  ) then
    raise sqlstate 'P0001' using message = app_private.no_operator_free_message();
  end if;
end
$$;
grant execute on function app_private.check_slot_free(uuid, uuid, uuid, timestamptz, timestamptz, uuid)
  to authenticated, service_role;

-- Confirming assigns an operator
create function api.reservation_free_operators(reservation_id uuid)
returns table (id uuid, name text, image_url text, busy_minutes integer, proposed boolean)
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pending app.reservations :=
    app_private.merchant_reservation(reservation_free_operators.reservation_id, caller_merchant_id);
begin
  return query
    select f.operator_id, f.operator_name, app_private.operator_image_url(f.image_path), f.busy_minutes,
           row_number() over (order by f.busy_minutes, f.operator_name, f.operator_id) = 1
      from app_private.free_operators(caller_merchant_id, pending.treatment_id, pending.starts_at,
                                      pending.ends_at, pending.id) f
     where pending.operator_id is null or f.operator_id = pending.operator_id
     order by f.busy_minutes, f.operator_name, f.operator_id;
end
$$;
grant execute on function api.reservation_free_operators(uuid) to authenticated;
comment on function api.reservation_free_operators(uuid) is
  'Merchant only: the operators who could take a reservation now (those who perform its treatment and '
  'have no overlapping confirmed appointment; only its own operator when the client chose one), least busy '
  'that day first; proposed marks the first.';

-- A pending request whose slot confirmed appointments already fill: its operator's, or every operator's
-- who performs the treatment when it has no preference.
create function app_private.slot_already_taken(
  merchant_id uuid,
  treatment_id uuid,
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  reservation_id uuid
) returns boolean
language sql stable set search_path = ''
as $$
  select case
    when not app_private.resources_free(slot_already_taken.treatment_id, slot_already_taken.starts_at,
                                        slot_already_taken.ends_at, slot_already_taken.reservation_id) then
      true
    when slot_already_taken.operator_id is not null then
      app_private.operator_is_busy(slot_already_taken.operator_id, slot_already_taken.starts_at,
                                   slot_already_taken.ends_at, slot_already_taken.reservation_id,
                                   slot_already_taken.treatment_id)
    else not exists (
      select 1 from app_private.free_operators(slot_already_taken.merchant_id, slot_already_taken.treatment_id,
                                               slot_already_taken.starts_at, slot_already_taken.ends_at,
                                               slot_already_taken.reservation_id))
  end
$$;
grant execute on function app_private.slot_already_taken(uuid, uuid, uuid, timestamptz, timestamptz, uuid) to authenticated, service_role;

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

create function app_private.booking_window(out first_day date, out last_day date)
language sql stable set search_path = ''
as $$
  select app_private.rome_today(), app_private.rome_today() + 29
$$;
grant execute on function app_private.booking_window() to authenticated, service_role;

-- The grid's rule in words, from the grid itself ('tra le 09:00 e le 19:00, ogni 15 minuti').
create function app_private.booking_grid_message() returns text
language sql stable set search_path = ''
as $$
  select format('Scegli un orario tra le %s e le %s, ogni %s minuti', min(g.label), max(g.label),
                (extract(epoch from (array_agg(g.starts_at order by g.starts_at))[2]
                                  - (array_agg(g.starts_at order by g.starts_at))[1]) / 60)::integer)
    from app_private.booking_grid(date '2026-01-05') g
$$;
grant execute on function app_private.booking_grid_message() to authenticated, service_role;

create function api.booking_days(merchant_slug text)
returns table (date text, closed boolean)
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(booking_days.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  bookable record := app_private.booking_window();
begin
  return query
    select to_char(d.day, 'YYYY-MM-DD'), app_private.salon_closed_on(caller_merchant_id, d.day)
      from (select cast(s as date) as day
              from generate_series(bookable.first_day::timestamp, bookable.last_day::timestamp,
                                   interval '1 day') as s) as d
     order by d.day;
end
$$;
grant execute on function api.booking_days(text) to authenticated;
comment on function api.booking_days(text) is
  'Client only: the 30 bookable days, today first (Europe/Rome, rolling over at midnight), each with closed = '
  'true when the salon is closed all day (a closure date, or a weekday without opening hours).';

-- Free times by part of the day
create function app_private.day_period(clock text) returns text
language sql immutable set search_path = ''
as $$
  select case when day_period.clock < '12:00' then 'Mattina'
              when day_period.clock < '18:00' then 'Pomeriggio'
              else 'Sera' end
$$;
grant execute on function app_private.day_period(text) to authenticated, service_role;

create function api.free_time_periods(
  merchant_slug text,
  treatment_id uuid,
  operator_id uuid default null,
  date date default null
) returns table (period text, times text[])
language sql stable set search_path = ''
as $$
  select app_private.day_period(free.clock), array_agg(free.clock order by free.clock)
    from unnest(api.free_times(free_time_periods.merchant_slug, free_time_periods.treatment_id,
                               free_time_periods.operator_id, free_time_periods.date)) as free(clock)
   group by 1
   order by min(free.clock)
$$;
grant execute on function api.free_time_periods(text, uuid, uuid, date) to authenticated;
comment on function api.free_time_periods(text, uuid, uuid, date) is
  'The merchant itself or one of its clients: api.free_times grouped by part of the day, in order: '
  '''Mattina'' (before 12:00), ''Pomeriggio'' (12:00-17:59), ''Sera'' (18:00 and later), Europe/Rome; '
  'a part without free times is left out.';

-- The hours a calendar shows
-- Whole hours from the earliest of the booking grid, the salon's opening and the appointments shown,
-- to the latest of them (minutes from midnight, Europe/Rome), for the days [first_day, last_day].
create function app_private.calendar_hours(
  merchant_id uuid,
  first_day date,
  last_day date,
  out first_minute integer,
  out last_minute integer
)
language sql stable set search_path = ''
as $$
  with grid as (
    select min(extract(hour from g.starts_at at time zone 'Europe/Rome') * 60
               + extract(minute from g.starts_at at time zone 'Europe/Rome'))::integer as opens,
           max(extract(hour from g.starts_at at time zone 'Europe/Rome') * 60
               + extract(minute from g.starts_at at time zone 'Europe/Rome'))::integer + 15 as closes
      from app_private.booking_grid(calendar_hours.first_day) g
  ), hours as (
    select min(extract(epoch from h.opens) / 60)::integer as opens,
           max(extract(epoch from h.closes) / 60)::integer as closes
      from app.opening_hours h
     where h.merchant_id = calendar_hours.merchant_id
  ), appointments as (
    select min(extract(epoch from (r.starts_at at time zone 'Europe/Rome')::time) / 60)::integer as opens,
           max(case when (r.ends_at at time zone 'Europe/Rome')::date > (r.starts_at at time zone 'Europe/Rome')::date
                    then 1440
                    else extract(epoch from (r.ends_at at time zone 'Europe/Rome')::time) / 60 end)::integer
             as closes
      from app.reservations r
     where r.merchant_id = calendar_hours.merchant_id
       and r.status = 'confermata'
       and r.starts_at >= calendar_hours.first_day::timestamp at time zone 'Europe/Rome'
       and r.starts_at < (calendar_hours.last_day + 1)::timestamp at time zone 'Europe/Rome'
  )
  select (least(grid.opens, hours.opens, appointments.opens) / 60) * 60,
         least(1440, ((greatest(grid.closes, hours.closes, appointments.closes) + 59) / 60) * 60)
    from grid, hours, appointments
$$;
grant execute on function app_private.calendar_hours(uuid, date, date) to authenticated, service_role;

create trigger reservations_confirm_within_the_calendar
  before update of status on app.reservations
  for each row when (new.status = 'confermata' and old.status <> 'confermata')
  execute function app_private.check_confirmation_calendar();
