-- 'Nessuna preferenza' means "any operator who is free": free times for it are the times at which at
-- least one operator who performs the treatment is free for its whole duration; such a request keeps
-- operator_id null until the merchant confirms it, and confirming assigns an operator (the merchant's
-- choice, or the least busy free one). A confirmed appointment always has an operator: operator_name
-- remembers who, so the history still says it after the operator is deleted, and an operator with future
-- confirmed appointments cannot be deleted at all.

-- ============================================================================
-- Who performs the appointment, remembered
-- ============================================================================
alter table app.reservations add column operator_name text
  check (operator_name is null or btrim(operator_name) <> '');
comment on column app.reservations.operator_name is
  'The operator''s name when it was chosen or assigned (kept when the operator is deleted).';

alter table app.reservations disable trigger reservations_follow_the_state_machine;
update app.reservations r set operator_name = o.name from app.operators o where o.id = r.operator_id;
-- Appointments confirmed before this rule without an operator keep what they always showed.
update app.reservations r set operator_name = 'Nessuna preferenza'
 where r.status = 'confermata' and r.operator_name is null;
alter table app.reservations enable trigger reservations_follow_the_state_machine;

alter table app.reservations add constraint reservations_confirmed_have_an_operator
  check (status <> 'confermata' or operator_name is not null);

-- Definer: the caller sees the operator anyway (its merchant's), service-level writes too.
create function app_private.remember_operator_name() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.operator_id is not null then
    new.operator_name := (select o.name from app.operators o where o.id = new.operator_id);
  elsif tg_op = 'UPDATE' and new.status in ('in attesa', 'modificata') then
    new.operator_name := null;
  end if;
  return new;
end
$$;

create trigger reservations_remember_operator_name
  before insert or update of operator_id on app.reservations
  for each row execute function app_private.remember_operator_name();

grant update (operator_id) on app.reservations to authenticated;

-- The state machine also says when the operator may change: one is assigned when a request without
-- preference is confirmed (by the merchant, or by the client accepting a change); deleting an operator
-- clears it (its row is then gone).
create or replace function app_private.check_reservation_transition() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.merchant_id <> old.merchant_id or new.client_id <> old.client_id then
    raise sqlstate 'P0001' using message = 'Una prenotazione non cambia commerciante né cliente';
  end if;
  if new.status <> old.status and not (
       (old.status = 'in attesa' and new.status in ('confermata', 'modificata', 'rifiutata'))
       or (old.status = 'modificata' and new.status in ('confermata', 'rifiutata'))
     ) then
    raise sqlstate 'P0001'
      using message = format('Passaggio di stato non consentito: da ''%s'' a ''%s''', old.status, new.status);
  end if;
  if (new.starts_at, new.ends_at) is distinct from (old.starts_at, old.ends_at)
     and not (old.status = 'in attesa' and new.status = 'modificata') then
    raise sqlstate 'P0001' using message = 'Data e ora cambiano solo con una modifica del commerciante';
  end if;
  if new.operator_id is distinct from old.operator_id
     and not (old.operator_id is null and old.status in ('in attesa', 'modificata') and new.status = 'confermata')
     and not (new.operator_id is null and not exists (select 1 from app.operators o where o.id = old.operator_id)) then
    raise sqlstate 'P0001'
      using message = 'L''operatore si assegna solo quando si conferma una richiesta senza preferenza';
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- ============================================================================
-- An operator with future confirmed appointments stays
-- ============================================================================
-- Definer: counts every client's appointments. Skipped when the whole merchant is being deleted.
create function app_private.keep_operators_with_appointments() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  upcoming integer;
begin
  if not exists (select 1 from app.merchants m where m.id = old.merchant_id) then
    return old;
  end if;
  select count(*) into upcoming from app.reservations r
   where r.operator_id = old.id and r.status = 'confermata' and r.ends_at > now();
  if upcoming > 0 then
    raise sqlstate 'P0001' using message = format(
      'Impossibile eliminare: l''operatore ha %s %s', upcoming,
      case when upcoming = 1 then 'appuntamento futuro confermato' else 'appuntamenti futuri confermati' end);
  end if;
  -- Requests still waiting that named this operator become requests for any operator (the foreign key
  -- clears operator_id, app_private.remember_operator_name the name); past appointments keep the name.
  return old;
end
$$;

create trigger operators_with_future_appointments_stay
  before delete on app.operators
  for each row execute function app_private.keep_operators_with_appointments();

-- ============================================================================
-- Who performs a treatment, who is free
-- ============================================================================
-- The merchant's operators who perform a treatment (every operator when the treatment was deleted).
create function app_private.performing_operator_ids(merchant_id uuid, treatment_id uuid)
returns setof uuid
language sql stable set search_path = ''
as $$
  select o.id from app.operators o
   where o.merchant_id = performing_operator_ids.merchant_id
     and (performing_operator_ids.treatment_id is null
          or exists (select 1 from app.treatments t
                      where t.id = performing_operator_ids.treatment_id and t.for_all_operators)
          or exists (select 1 from app.treatment_operators tos
                      where tos.treatment_id = performing_operator_ids.treatment_id and tos.operator_id = o.id))
$$;

-- The operators who perform the treatment and have no confirmed appointment overlapping the slot, least
-- busy that day (confirmed minutes, Europe/Rome) first. Definer like operator_is_busy: it answers only
-- to the merchant or its clients, and reveals no reservation, only who is free.
create function app_private.free_operators(
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
  -- Local midnights: a day is 23 or 25 hours long when the clocks change.
  day_start timestamptz := rome_day::timestamp at time zone 'Europe/Rome';
  day_end timestamptz := (rome_day + 1)::timestamp at time zone 'Europe/Rome';
begin
  if free_operators.merchant_id is distinct from app_private.current_merchant_id()
     and not free_operators.merchant_id = any (app_private.my_client_merchant_ids()) then
    raise sqlstate '42501' using message = 'Accesso negato';
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
       and not exists (
         select 1 from app.reservations r
          where r.operator_id = o.id and r.status = 'confermata'
            and r.id is distinct from free_operators.except_reservation_id
            and r.starts_at < free_operators.ends_at and r.ends_at > free_operators.starts_at)
     order by 4, o.name, o.id;
end
$$;

grant execute on function app_private.performing_operator_ids(uuid, uuid),
  app_private.free_operators(uuid, uuid, timestamptz, timestamptz, uuid) to authenticated, service_role;

create function app_private.no_operator_free_message() returns text
language sql immutable set search_path = ''
as $$
  select 'Orario non disponibile: nessun operatore che esegue il trattamento è libero in questa fascia'
$$;
grant execute on function app_private.no_operator_free_message() to authenticated, service_role;

-- The slot is free for the chosen operator, or for at least one who performs the treatment.
create function app_private.check_slot_free(
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
  if check_slot_free.operator_id is not null then
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
grant execute on function app_private.check_slot_free(uuid, uuid, uuid, timestamptz, timestamptz, uuid)
  to authenticated, service_role;

-- ============================================================================
-- Free times, booking and modifying: any operator who is free
-- ============================================================================
create or replace function api.free_times(
  merchant_slug text,
  treatment_id uuid,
  operator_id uuid default null,
  date date default null
) returns text[]
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(free_times.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
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
             else not app_private.operator_is_busy(
                    free_times.operator_id, g.starts_at,
                    g.starts_at + make_interval(mins => chosen.duration_minutes))
           end
     order by g.starts_at
  );
end
$$;
comment on function api.free_times(text, uuid, uuid, date) is
  'Client only: the bookable start times (''HH:MM'', 09:00-19:00 every 15 minutes, Europe/Rome) of a '
  'day in the window: not past, and free for the treatment''s whole duration for the chosen operator, or '
  'with no operator chosen for at least one operator who performs it. Empty outside the 30-day window.';

create or replace function api.book_reservation(
  merchant_slug text,
  treatment_id uuid default null,
  operator_id uuid default null,
  date date default null,
  "time" text default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(book_reservation.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  chosen app.treatments;
  new_start timestamptz;
  new_end timestamptz;
  new_id uuid;
begin
  if book_reservation.treatment_id is null or book_reservation.date is null
     or nullif(btrim(coalesce(book_reservation."time", '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento, data e orario';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, book_reservation.treatment_id,
                                           book_reservation.operator_id);
  new_start := app_private.booking_start(book_reservation.date, book_reservation."time");
  new_end := new_start + make_interval(mins => chosen.duration_minutes);
  perform app_private.check_slot_free(caller_merchant_id, chosen.id, book_reservation.operator_id,
                                      new_start, new_end);
  insert into app.reservations
    (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes)
  values
    (caller_merchant_id, caller_client_id, chosen.id, chosen.name, book_reservation.operator_id,
     new_start, new_end, 'in attesa', '')
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'message', 'Prenotazione salvata!');
end
$$;
comment on function api.book_reservation(text, uuid, uuid, date, text) is
  'Client only: books a treatment at a date of the 30-day window and a time of the grid, with an operator '
  'or with none (''Nessuna preferenza'' = any operator who performs it and is free); refused when that '
  'operator, or every such operator, has a confirmed reservation overlapping it. Starts ''in attesa''.';

create or replace function api.modify_reservation(reservation_id uuid, date date, "time" text, note text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_note text := nullif(btrim(coalesce(modify_reservation.note, '')), '');
  pending app.reservations;
  new_start timestamptz;
  new_end timestamptz;
begin
  if modify_reservation.date is null or nullif(btrim(coalesce(modify_reservation."time", '')), '') is null
     or new_note is null then
    raise sqlstate 'P0001' using message = 'Compila data, ora e nota di modifica';
  end if;
  if length(new_note) > 500 then
    raise sqlstate 'P0001' using message = 'La nota può contenere al massimo 500 caratteri';
  end if;
  pending := app_private.merchant_reservation(modify_reservation.reservation_id, caller_merchant_id);
  if pending.status <> 'in attesa' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere modificata';
  end if;
  new_start := app_private.booking_start(modify_reservation.date, modify_reservation."time");
  new_end := new_start + (pending.ends_at - pending.starts_at);
  perform app_private.check_slot_free(caller_merchant_id, pending.treatment_id, pending.operator_id,
                                      new_start, new_end, pending.id);
  update app.reservations r
     set status = 'modificata', starts_at = new_start, ends_at = new_end, notes = new_note
   where r.id = pending.id and r.status = 'in attesa';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere modificata';
  end if;
  return jsonb_build_object('message', 'Prenotazione modificata e inviata');
end
$$;
comment on function api.modify_reservation(uuid, date, text, text) is
  'Merchant only: ''in attesa'' -> ''modificata'' with a new date and time (booking window and grid, free '
  'for its operator or for some operator who performs it) and a required note (at most 500 characters).';

-- ============================================================================
-- Confirming assigns an operator
-- ============================================================================
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
comment on function api.reservation_free_operators(uuid) is
  'Merchant only: the operators who could take a reservation now (those who perform its treatment and '
  'have no overlapping confirmed appointment; only its own operator when the client chose one), least busy '
  'that day first; proposed marks the first.';
grant execute on function api.reservation_free_operators(uuid) to authenticated;

drop function api.confirm_reservation(uuid);

create function api.confirm_reservation(reservation_id uuid, operator_id uuid default null) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pending app.reservations := app_private.merchant_reservation(confirm_reservation.reservation_id, caller_merchant_id);
  candidate uuid;
  outcome text;
begin
  if pending.status <> 'in attesa' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere confermata';
  end if;
  if pending.operator_id is not null then
    if confirm_reservation.operator_id is distinct from null
       and confirm_reservation.operator_id <> pending.operator_id then
      raise sqlstate 'P0001' using message = 'Il cliente ha scelto un altro operatore: modifica o rifiuta la richiesta';
    end if;
    outcome := app_private.confirm_slot(pending.id, 'in attesa', null, true);
  elsif confirm_reservation.operator_id is not null then
    if confirm_reservation.operator_id not in (
         select app_private.performing_operator_ids(caller_merchant_id, pending.treatment_id)) then
      raise sqlstate 'P0001' using message = 'L''operatore scelto non esegue questo trattamento';
    end if;
    outcome := app_private.confirm_slot(pending.id, 'in attesa', confirm_reservation.operator_id, true);
  else
    -- The least busy free operator; if a concurrent confirm takes it first, the next one.
    outcome := 'none';
    for candidate in
      select f.operator_id from app_private.free_operators(
        caller_merchant_id, pending.treatment_id, pending.starts_at, pending.ends_at, pending.id) f
    loop
      outcome := app_private.confirm_slot(pending.id, 'in attesa', candidate, true);
      exit when outcome <> 'taken';
    end loop;
    if outcome in ('none', 'taken') then
      raise sqlstate 'P0001' using message = app_private.no_operator_free_message();
    end if;
  end if;
  if outcome = 'taken' then
    raise sqlstate 'P0001' using message = app_private.slot_taken_message();
  elsif outcome = 'not_found' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere confermata';
  end if;
  return jsonb_build_object(
    'message', 'Prenotazione confermata',
    'operator_id', (select r.operator_id from app.reservations r where r.id = pending.id),
    'operator_name', (select r.operator_name from app.reservations r where r.id = pending.id));
end
$$;
comment on function api.confirm_reservation(uuid, uuid) is
  'Merchant only: ''in attesa'' -> ''confermata'', notes cleared. A request without preference gets an '
  'operator: operator_id if given (one who performs the treatment), otherwise the least busy free one '
  '(api.reservation_free_operators). Refused when the operator already has a confirmed reservation '
  'overlapping it (the exclusion constraint decides).';
grant execute on function api.confirm_reservation(uuid, uuid) to authenticated;

-- The row every list returns names the operator who performs a confirmed appointment, even deleted.
create or replace view app.reservation_rows with (security_invoker = true) as
  select r.id, r.client_id, c.name as client_name, c.code as client_code,
         r.treatment_id, r.treatment_name, r.operator_id,
         coalesce(o.name, r.operator_name, 'Nessuna preferenza') as operator_name,
         to_char(r.starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD') as date,
         to_char(r.starts_at at time zone 'Europe/Rome', 'HH24:MI') as "time",
         (extract(epoch from r.ends_at - r.starts_at) / 60)::integer as duration_minutes,
         r.status, r.notes, r.starts_at, r.ends_at, r.created_at, r.updated_at, r.merchant_id
    from app.reservations r
    join app.clients c on c.id = r.client_id
    left join app.operators o on o.id = r.operator_id;

-- Accepting a change to a request without preference assigns the least busy free operator.
create or replace function api.accept_reservation_change(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  changed app.reservations := app_private.client_reservation(accept_reservation_change.reservation_id);
  candidate uuid;
  outcome text;
begin
  if changed.status <> 'modificata' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere accettata';
  end if;
  if changed.operator_id is not null then
    outcome := app_private.confirm_slot(changed.id, 'modificata');
  else
    outcome := 'none';
    for candidate in
      select f.operator_id from app_private.free_operators(
        changed.merchant_id, changed.treatment_id, changed.starts_at, changed.ends_at, changed.id) f
    loop
      outcome := app_private.confirm_slot(changed.id, 'modificata', candidate);
      exit when outcome <> 'taken';
    end loop;
    if outcome in ('none', 'taken') then
      raise sqlstate 'P0001' using message = app_private.no_operator_free_message();
    end if;
  end if;
  if outcome = 'taken' then
    raise sqlstate 'P0001' using message = app_private.slot_taken_message();
  elsif outcome = 'not_found' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere accettata';
  end if;
  return jsonb_build_object('message', 'Modifica accettata: prenotazione confermata');
end
$$;
comment on function api.accept_reservation_change(uuid) is
  'Client only: accepts the merchant''s change, ''modificata'' -> ''confermata''; without preference the '
  'least busy free operator who performs the treatment is assigned. Refused when the operator (or every '
  'such operator) has meanwhile a confirmed reservation overlapping it (the exclusion constraint decides).';
