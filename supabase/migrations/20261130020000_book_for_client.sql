-- The salon books an appointment or a visit for its client on the phone (api.book_for_client), confirmed at
-- once under the confirms' turn, which app_private.confirm_slot and api.book_series now take through
-- app_private.take_confirm_turn; api.book_series inserts through app_private.insert_confirmed as it does.

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

-- An appointment the salon books for its client, confirmed at once (its caller holds
-- app_private.take_confirm_turn and has checked the slot): a slot taken meanwhile by a confirmation the lock
-- does not order (a customer accepting a change) is refused in Italian.
create function app_private.insert_confirmed(
  client_id uuid,
  treatment app.treatments,
  operator_id uuid,
  starts_at timestamptz,
  series_id uuid default null,
  visit_id uuid default null,
  visit_part integer default null
) returns app.reservations
language plpgsql set search_path = ''
as $$
declare
  booked app.reservations;
  taken_by text;
begin
  insert into app.reservations
    (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes,
     series_id, visit_id, visit_part)
  values
    ((insert_confirmed.treatment).merchant_id, insert_confirmed.client_id, (insert_confirmed.treatment).id,
     (insert_confirmed.treatment).name, insert_confirmed.operator_id, insert_confirmed.starts_at,
     insert_confirmed.starts_at + make_interval(mins => (insert_confirmed.treatment).duration_minutes),
     'confermata', '', insert_confirmed.series_id, insert_confirmed.visit_id, insert_confirmed.visit_part)
  returning * into booked;
  return booked;
exception
  when exclusion_violation then
    get stacked diagnostics taken_by = constraint_name;
    raise sqlstate 'P0001' using message = case
      when taken_by = 'reservations_operator_never_double_booked' then app_private.slot_taken_message()
      else app_private.resource_taken_message() end;
end
$$;
grant execute on function app_private.insert_confirmed(uuid, app.treatments, uuid, timestamptz, uuid, uuid, integer)
  to authenticated, service_role;

create or replace function api.book_series(
  client_id uuid,
  treatment_id uuid,
  starts timestamptz[],
  operator_id uuid default null
) returns jsonb
language plpgsql set search_path = '' set lock_timeout = '1500ms'
-- Definer: a salon inserts appointments for its client only here, after the checks below.
security definer
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  chosen app.treatments;
  new_series_id uuid := gen_random_uuid();
  wanted timestamptz;
  refusal text;
  assigned uuid;
  booked app.reservations;
  first_booked app.reservations;
  dates jsonb := '[]'::jsonb;
begin
  perform app_private.series_client(book_series.client_id, caller_merchant_id);
  chosen := app_private.bookable_treatment(caller_merchant_id, book_series.treatment_id, book_series.operator_id);
  if coalesce(cardinality(book_series.starts), 0) not between 1 and 12 then
    raise sqlstate '22023' using message = 'Una serie ha da 1 a 12 appuntamenti';
  end if;
  if (select count(distinct (s at time zone 'Europe/Rome')::date) from unnest(book_series.starts) s)
     <> cardinality(book_series.starts) then
    raise sqlstate '22023' using message = 'Due appuntamenti della serie cadono nello stesso giorno';
  end if;
  perform app_private.take_confirm_turn(caller_merchant_id);
  for wanted in select s from unnest(book_series.starts) s order by s loop
    refusal := app_private.series_date_refusal(caller_merchant_id, chosen, book_series.operator_id, wanted);
    if refusal is not null then
      raise sqlstate 'P0001' using message = format('Il %s alle %s: %s. Nessun appuntamento è stato salvato',
        to_char(wanted at time zone 'Europe/Rome', 'DD-MM-YYYY'),
        to_char(wanted at time zone 'Europe/Rome', 'HH24:MI'), refusal);
    end if;
    assigned := coalesce(book_series.operator_id,
      (select f.operator_id from app_private.free_operators(caller_merchant_id, chosen.id, wanted,
                                                            wanted + make_interval(mins => chosen.duration_minutes)) f
        limit 1));
    begin
      booked := app_private.insert_confirmed(book_series.client_id, chosen, assigned, wanted,
                                             series_id => new_series_id);
    exception
      when sqlstate 'P0001' then
        raise sqlstate 'P0001' using message = format('Il %s alle %s: %s. Nessun appuntamento è stato salvato',
          to_char(wanted at time zone 'Europe/Rome', 'DD-MM-YYYY'),
          to_char(wanted at time zone 'Europe/Rome', 'HH24:MI'), sqlerrm);
    end;
    first_booked := coalesce(first_booked, booked);
    perform app_private.enqueue_reminders(booked);
    dates := dates || jsonb_build_object(
      'date', to_char(wanted at time zone 'Europe/Rome', 'DD-MM-YYYY'),
      'time', to_char(wanted at time zone 'Europe/Rome', 'HH24:MI'),
      'operator', booked.operator_name);
  end loop;
  -- One confirmation for the whole series, naming every date.
  perform app_private.notify_customer(first_booked, 'confirmation',
                                      app_private.reservation_notice(first_booked)
                                        || jsonb_build_object('series', dates));
  return jsonb_build_object('series_id', new_series_id, 'count', cardinality(book_series.starts),
                            'message', 'Serie confermata');
end
$$;
grant execute on function api.book_series(uuid, uuid, timestamptz[], uuid) to authenticated;
comment on function api.book_series(uuid, uuid, timestamptz[], uuid) is
  'Merchant only: books the accepted starts (1-12, on different days) of a series for its client as '
  'confirmed appointments sharing one series_id, in one transaction: every start is re-checked by the rules '
  'of one appointment and one that no longer fits refuses the whole series naming its date. With no '
  'operator, each date gets the least busy free one. The client gets one confirmation listing the dates.';

-- The salon books an appointment for its client on the phone: one treatment, or a visit of 2 to 4, checked
-- as a confirmation checks it and confirmed at once.

-- The parts asked for, as app_private.visit_parts gives them: one treatment alone, or a visit's 2 to 4.
create function app_private.phone_booking_parts(merchant_id uuid, parts jsonb)
returns table (part integer, treatment_id uuid, treatment_name text, operator_id uuid, offset_minutes integer,
               duration_minutes integer)
language plpgsql stable set search_path = ''
as $$
declare
  chosen app.treatments;
begin
  if jsonb_typeof(phone_booking_parts.parts) is distinct from 'array'
     or jsonb_array_length(phone_booking_parts.parts) = 0 then
    raise sqlstate '22023' using message = 'Seleziona un trattamento';
  end if;
  if jsonb_array_length(phone_booking_parts.parts) > 1 then
    return query select * from app_private.visit_parts(phone_booking_parts.merchant_id, phone_booking_parts.parts);
    return;
  end if;
  begin
    treatment_id := (phone_booking_parts.parts -> 0 ->> 'treatment_id')::uuid;
    operator_id := (phone_booking_parts.parts -> 0 ->> 'operator_id')::uuid;
  exception
    when invalid_text_representation then
      raise sqlstate '22023' using message = 'Seleziona un trattamento';
  end;
  if treatment_id is null then
    raise sqlstate '22023' using message = 'Seleziona un trattamento';
  end if;
  chosen := app_private.bookable_treatment(phone_booking_parts.merchant_id, treatment_id, operator_id);
  return query select 1, chosen.id, chosen.name, operator_id, 0, chosen.duration_minutes;
end
$$;
grant execute on function app_private.phone_booking_parts(uuid, jsonb) to authenticated, service_role;

create function api.book_for_client(client_id uuid, parts jsonb, date date, "time" text) returns jsonb
language plpgsql set search_path = ''
-- Definer: a salon inserts appointments for its client only here and in api.book_series, after the checks.
security definer
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_start timestamptz;
  part_count integer;
  new_visit_id uuid;
  first_part record;
  one record;
  starts timestamptz;
  assigned uuid;
  found_id uuid;
  booked app.reservations;
begin
  perform app_private.series_client(book_for_client.client_id, caller_merchant_id);
  if book_for_client.date is null or nullif(btrim(coalesce(book_for_client."time", '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento, data e orario';
  end if;
  select p.* into first_part
    from app_private.phone_booking_parts(caller_merchant_id, book_for_client.parts) p order by p.part limit 1;
  part_count := jsonb_array_length(book_for_client.parts);
  new_start := app_private.booking_start(book_for_client.date, book_for_client."time");

  perform app_private.take_confirm_turn(caller_merchant_id);
  -- The same booking asked again (a second tap) finds the first.
  select coalesce(r.visit_id, r.id) into found_id from app.reservations r
   where r.client_id = book_for_client.client_id and r.status = 'confermata' and r.series_id is null
     and r.starts_at = new_start and r.treatment_id = first_part.treatment_id
     and coalesce(r.visit_part, 1) = 1 and (r.visit_id is not null) = (part_count > 1)
     and (first_part.operator_id is null or r.operator_id = first_part.operator_id);
  if found_id is not null then
    return jsonb_build_object('id', found_id, 'message', 'Appuntamento confermato');
  end if;

  new_visit_id := case when part_count > 1 then gen_random_uuid() end;
  -- The parts with their operator first, so those with none get one free of them.
  for one in select p.* from app_private.phone_booking_parts(caller_merchant_id, book_for_client.parts) p
              order by p.operator_id is null, p.part loop
    starts := new_start + make_interval(mins => one.offset_minutes);
    begin
      perform app_private.check_slot_free(caller_merchant_id, one.treatment_id, one.operator_id, starts,
                                          starts + make_interval(mins => one.duration_minutes));
      assigned := coalesce(one.operator_id,
        (select f.operator_id from app_private.free_operators(caller_merchant_id, one.treatment_id, starts,
                                                              starts + make_interval(mins => one.duration_minutes)) f
          limit 1));
      if assigned is null then
        raise sqlstate 'P0001' using message = app_private.no_operator_free_message();
      end if;
      booked := app_private.insert_confirmed(
        book_for_client.client_id, (select t from app.treatments t where t.id = one.treatment_id), assigned, starts,
        visit_id => new_visit_id, visit_part => case when new_visit_id is not null then one.part end);
    exception when sqlstate 'P0001' then
      raise sqlstate 'P0001' using message = case when new_visit_id is null then sqlerrm
                                                  else format('%s: %s', one.treatment_name, sqlerrm) end;
    end;
  end loop;
  if new_visit_id is not null then
    perform app_private.check_visit_parts_apart(new_visit_id);
  end if;
  -- Told and reminded as when the salon confirms a request.
  for booked in select r.* from app.reservations r
                 where r.id = booked.id or r.visit_id = new_visit_id order by r.visit_part loop
    perform app_private.notify_customer(booked, 'confirmation', app_private.reservation_notice(booked));
    perform app_private.enqueue_reminders(booked);
  end loop;
  return jsonb_build_object('id', coalesce(new_visit_id, booked.id), 'message', 'Appuntamento confermato');
end
$$;
grant execute on function api.book_for_client(uuid, jsonb, date, text) to authenticated;
comment on function api.book_for_client(uuid, jsonb, date, text) is
  'Merchant only: books for its client (not erased), as the salon does on the phone, one treatment or a visit '
  '(parts = [{treatment_id, operator_id}], 1 to 4, as api.visit_free_times) at a date of the 30-day window and '
  'a time of the grid, confirmed at once: every part checked as a confirmation checks it '
  '(app_private.check_slot_free, app_private.check_visit_parts_apart), under the confirms'' turn '
  '(app_private.take_confirm_turn); a part with no operator gets the least busy free one. No open-request '
  'limit. The client is told and reminded as for a confirmation; the same booking asked again returns it.';
