-- A visit booked, changed or moved keeps its parts apart as its free times do: a part's operator is not busy
-- at once with another part naming that operator, so no request is saved that its confirm would refuse.

-- A visit's parts as saved (booked, changed or moved) kept apart as app_private.visit_fits asks: a part's
-- operator (or, with none, at least one free operator) not busy at once with another part naming that
-- operator. The refusal names the part.
create or replace function app_private.check_visit_parts_apart(visit_id uuid) returns void
language plpgsql stable set search_path = ''
as $$
declare
  part app.reservations;
begin
  for part in select r.* from app.reservations r where r.visit_id = check_visit_parts_apart.visit_id
               order by r.visit_part loop
    if (part.operator_id is not null and app_private.meets_own_visit(part.id, part.operator_id))
       or (part.operator_id is null and not exists (
             select 1 from app_private.free_operators(part.merchant_id, part.treatment_id, part.starts_at,
                                                      part.ends_at, coalesce(part.moves_reservation_id, part.id)) f
              where not app_private.meets_own_visit(part.id, f.operator_id))) then
      raise sqlstate 'P0001' using message = format(
        '%s: Orario non disponibile: l''operatore è impegnato con un altro trattamento della visita',
        part.treatment_name);
    end if;
  end loop;
end
$$;
grant execute on function app_private.check_visit_parts_apart(uuid) to authenticated, service_role;

create or replace function api.book_visit(
  merchant_slug text,
  parts jsonb default null,
  date date default null,
  "time" text default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(book_visit.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  new_start timestamptz;
  new_visit_id uuid := gen_random_uuid();
  found_visit_id uuid;
  open_limit integer;
  first_part record;
  one record;
begin
  perform app_private.require_confirmed_address(caller_client_id);
  if book_visit.date is null or nullif(btrim(coalesce(book_visit."time", '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento, data e orario';
  end if;
  select * into first_part from app_private.visit_parts(caller_merchant_id, book_visit.parts) p
   where p.part = 1;
  new_start := app_private.booking_start(book_visit.date, book_visit."time");

  -- The same lock as api.book_reservation: one customer's bookings at one salon, one at a time.
  perform pg_advisory_xact_lock(hashtextextended('book_reservation ' || caller_client_id::text, 0));
  select r.visit_id into found_visit_id from app.reservations r
   where r.client_id = caller_client_id and r.status = 'in attesa' and r.visit_part = 1
     and r.treatment_id = first_part.treatment_id and r.operator_id is not distinct from first_part.operator_id
     and r.starts_at = new_start;
  if found_visit_id is not null then
    return jsonb_build_object('id', found_visit_id, 'message', 'Prenotazione salvata!');
  end if;

  -- A visit counts as one request.
  open_limit := app_private.open_request_limit(caller_merchant_id);
  if (select count(distinct coalesce(r.visit_id, r.id)) from app.reservations r
       where r.client_id = caller_client_id and r.status in ('in attesa', 'modificata')
         and r.starts_at > now()) >= open_limit then
    raise sqlstate 'P0001' using message = case when open_limit = 1
      then 'Hai già una richiesta in attesa in questo salone: attendi una risposta o annullala'
      else format('Hai già %s richieste in attesa in questo salone: attendi una risposta o annullane una',
                  open_limit) end;
  end if;

  for one in select * from app_private.visit_parts(caller_merchant_id, book_visit.parts) p order by p.part loop
    begin
      perform app_private.check_slot_free(
        caller_merchant_id, one.treatment_id, one.operator_id,
        new_start + make_interval(mins => one.offset_minutes),
        new_start + make_interval(mins => one.offset_minutes + one.duration_minutes));
    exception when sqlstate 'P0001' then
      raise sqlstate 'P0001' using message = format('%s: %s', one.treatment_name, sqlerrm);
    end;
    insert into app.reservations
      (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes,
       visit_id, visit_part)
    values
      (caller_merchant_id, caller_client_id, one.treatment_id, one.treatment_name, one.operator_id,
       new_start + make_interval(mins => one.offset_minutes),
       new_start + make_interval(mins => one.offset_minutes + one.duration_minutes), 'in attesa', '',
       new_visit_id, one.part);
  end loop;
  perform app_private.check_visit_parts_apart(new_visit_id);
  return jsonb_build_object('id', new_visit_id, 'message', 'Prenotazione salvata!');
end
$$;
grant execute on function api.book_visit(text, jsonb, date, text) to authenticated;
comment on function api.book_visit(text, jsonb, date, text) is
  'Client only: books a visit (parts as api.visit_free_times) starting at a date of the 30-day window and '
  'a time of the grid, as one request: every part ''in attesa'' with the same visit_id; refused, naming the '
  'part, when a part does not fit (app_private.check_slot_free) or its operator would be busy with another '
  'part (app_private.check_visit_parts_apart); counts as one open request. The same '
  'visit asked again while pending returns it.';

-- The customer moves her visit whole (api.move_reservation has checked her and its first part): a new
-- pending visit, every part shifted by the same amount and linked to the part it replaces, which the
-- salon's confirm puts in the old visit's place (reservations_replace_the_moved_one, part by part).
create or replace function app_private.move_visit(first_part app.reservations, new_start timestamptz) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  shift interval := move_visit.new_start - move_visit.first_part.starts_at;
  new_visit_id uuid;
  part app.reservations;
  candidate uuid;
  outcome text;
begin
  for part in select r.* from app.reservations r where r.visit_id = move_visit.first_part.visit_id loop
    if part.treatment_id is null then
      raise sqlstate 'P0001' using message = 'Il trattamento non è più disponibile: prenota di nuovo';
    end if;
    perform app_private.bookable_treatment(part.merchant_id, part.treatment_id, part.operator_id);
  end loop;

  -- Her moves take turns, as her bookings do: a repeated tap finds the first request.
  perform pg_advisory_xact_lock(hashtextextended('book_reservation ' || move_visit.first_part.client_id::text, 0));
  select m.visit_id into new_visit_id from app.reservations m
   where m.moves_reservation_id = move_visit.first_part.id and m.status in ('in attesa', 'modificata');
  if new_visit_id is not null then
    if (select m.starts_at from app.reservations m
         where m.visit_id = new_visit_id and m.visit_part = 1) = move_visit.new_start then
      return jsonb_build_object('id', new_visit_id, 'message', 'Richiesta di spostamento inviata');
    end if;
    raise sqlstate 'P0001'
      using message = 'Hai già chiesto di spostare questo appuntamento: attendi la risposta del salone';
  end if;
  perform app_private.check_visit_shift(move_visit.first_part.visit_id, shift);
  new_visit_id := gen_random_uuid();
  insert into app.reservations
    (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes,
     moves_reservation_id, visit_id, visit_part)
  select r.merchant_id, r.client_id, r.treatment_id, r.treatment_name, r.operator_id, r.starts_at + shift,
         r.ends_at + shift, 'in attesa', '', r.id, new_visit_id, r.visit_part
    from app.reservations r where r.visit_id = move_visit.first_part.visit_id;
  -- The salon's inbox shows the time it replaces beside the new one.
  update app.reservations r
     set notes = format('Spostamento dell''appuntamento del %s alle %s',
                        to_char(move_visit.first_part.starts_at at time zone 'Europe/Rome', 'DD-MM-YYYY'),
                        to_char(move_visit.first_part.starts_at at time zone 'Europe/Rome', 'HH24:MI'))
   where r.visit_id = new_visit_id;
  perform app_private.check_visit_parts_apart(new_visit_id);
  if not app_private.moves_confirmed_at_once(move_visit.first_part.merchant_id) then
    return jsonb_build_object('id', new_visit_id, 'message', 'Richiesta di spostamento inviata');
  end if;
  -- The salon confirms moves at once: every part as its confirm would, or none.
  for part in select r.* from app.reservations r where r.visit_id = new_visit_id order by r.visit_part loop
    if part.operator_id is not null then
      outcome := app_private.confirm_slot(part.id, 'in attesa', null, true);
    else
      outcome := 'none';
      for candidate in
        select f.operator_id from app_private.free_operators(part.merchant_id, part.treatment_id, part.starts_at,
                                                             part.ends_at, part.moves_reservation_id) f
         where not app_private.meets_own_visit(part.id, f.operator_id)
      loop
        outcome := app_private.confirm_slot(part.id, 'in attesa', candidate, true);
        exit when outcome <> 'taken';
      end loop;
    end if;
    if outcome in ('none', 'taken') then
      raise sqlstate 'P0001' using message = format('%s: %s', part.treatment_name, app_private.slot_taken_message());
    end if;
  end loop;
  return jsonb_build_object('id', new_visit_id, 'message', 'Appuntamento spostato');
end
$$;
grant execute on function app_private.move_visit(app.reservations, timestamptz) to authenticated, service_role;

create or replace function api.modify_reservation(reservation_id uuid, date date, "time" text, note text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_note text := nullif(btrim(coalesce(modify_reservation.note, '')), '');
  pending app.reservations;
  new_start timestamptz;
  new_end timestamptz;
  shift interval;
  changed_parts integer;
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
  if pending.visit_id is not null then
    -- A visit moves whole: the new time is its first part's, every part shifted by the same amount.
    select r.* into pending from app.reservations r where r.visit_id = pending.visit_id and r.visit_part = 1;
    shift := new_start - pending.starts_at;
    perform app_private.check_visit_shift(pending.visit_id, shift);
    update app.reservations r
       set status = 'modificata', starts_at = r.starts_at + shift, ends_at = r.ends_at + shift, notes = new_note
     where r.visit_id = pending.visit_id and r.status = 'in attesa';
    get diagnostics changed_parts = row_count;
    if changed_parts <> (select count(*) from app.reservations r where r.visit_id = pending.visit_id) then
      raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere modificata';
    end if;
    perform app_private.check_visit_parts_apart(pending.visit_id);
    return jsonb_build_object('message', 'Prenotazione modificata e inviata');
  end if;
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
grant execute on function api.modify_reservation(uuid, date, text, text) to authenticated;
comment on function api.modify_reservation(uuid, date, text, text) is
  'Merchant only: ''in attesa'' -> ''modificata'' with a new date and time (booking window and grid, free '
  'for its operator or for some operator who performs it) and a required note (at most 500 characters). '
  'A part of a visit proposes the new start (date and time) of the whole visit: every part shifted by the '
  'same amount, each checked as when booked (a refusal names the part), every part ''modificata''.';
