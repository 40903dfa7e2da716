-- The customer moves a visit as a whole: a new pending visit, every part shifted by the same amount and
-- linked to the part it replaces, which replaces the old visit part by part when the salon confirms it.

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

create or replace function api.move_reservation(reservation_id uuid, date date, "time" text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  mine app.reservations := app_private.client_reservation(move_reservation.reservation_id);
  chosen app.treatments;
  new_start timestamptz;
  new_id uuid;
  candidate uuid;
  outcome text;
begin
  perform app_private.require_confirmed_address(mine.client_id);
  -- A visit moves whole, as its first part allows.
  if mine.visit_id is not null then
    select r.* into mine from app.reservations r where r.visit_id = mine.visit_id and r.visit_part = 1;
  end if;
  if move_reservation.date is null or nullif(btrim(coalesce(move_reservation."time", '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona data e orario';
  end if;
  -- A move request waiting for the salon is not moved again; once confirmed, it is an appointment.
  if mine.status not in ('in attesa', 'confermata') or mine.starts_at <= now()
     or (mine.status = 'in attesa' and mine.moves_reservation_id is not null) then
    raise sqlstate 'P0001' using message = 'Questa prenotazione non può essere spostata';
  end if;
  if not app_private.client_may_cancel(mine.status, mine.starts_at, mine.merchant_id) then
    raise sqlstate 'P0001' using message = app_private.client_move_refusal(mine.merchant_id);
  end if;
  if mine.visit_id is not null then
    return app_private.move_visit(mine, app_private.booking_start(move_reservation.date, move_reservation."time"));
  end if;
  if mine.treatment_id is null then
    raise sqlstate 'P0001' using message = 'Il trattamento non è più disponibile: prenota di nuovo';
  end if;
  chosen := app_private.bookable_treatment(mine.merchant_id, mine.treatment_id, mine.operator_id);
  new_start := app_private.booking_start(move_reservation.date, move_reservation."time");

  -- Her moves take turns, as her bookings do: a repeated tap finds the first request.
  perform pg_advisory_xact_lock(hashtextextended('book_reservation ' || mine.client_id::text, 0));
  select m.id into new_id from app.reservations m
   where m.moves_reservation_id = mine.id and m.status in ('in attesa', 'modificata');
  if new_id is not null then
    if (select m.starts_at from app.reservations m where m.id = new_id) = new_start then
      return jsonb_build_object('id', new_id, 'message', 'Richiesta di spostamento inviata');
    end if;
    raise sqlstate 'P0001'
      using message = 'Hai già chiesto di spostare questo appuntamento: attendi la risposta del salone';
  end if;
  perform app_private.check_slot_free(mine.merchant_id, chosen.id, mine.operator_id, new_start,
                                      new_start + (mine.ends_at - mine.starts_at), mine.id);
  insert into app.reservations
    (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes,
     moves_reservation_id)
  values
    (mine.merchant_id, mine.client_id, chosen.id, chosen.name, mine.operator_id, new_start,
     new_start + (mine.ends_at - mine.starts_at), 'in attesa', '', mine.id)
  returning id into new_id;
  -- The salon's inbox shows the time it replaces beside the new one.
  update app.reservations r
     set notes = format('Spostamento dell''appuntamento del %s alle %s',
                        to_char(mine.starts_at at time zone 'Europe/Rome', 'DD-MM-YYYY'),
                        to_char(mine.starts_at at time zone 'Europe/Rome', 'HH24:MI'))
   where r.id = new_id;
  if not app_private.moves_confirmed_at_once(mine.merchant_id) then
    return jsonb_build_object('id', new_id, 'message', 'Richiesta di spostamento inviata');
  end if;
  -- The salon confirms moves at once: as its confirm would, the request's operator or the least busy free one.
  if mine.operator_id is not null then
    outcome := app_private.confirm_slot(new_id, 'in attesa', null, true);
  else
    outcome := 'none';
    for candidate in
      select f.operator_id from app_private.free_operators(
        mine.merchant_id, chosen.id, new_start, new_start + (mine.ends_at - mine.starts_at), mine.id) f
    loop
      outcome := app_private.confirm_slot(new_id, 'in attesa', candidate, true);
      exit when outcome <> 'taken';
    end loop;
  end if;
  if outcome in ('none', 'taken') then
    raise sqlstate 'P0001' using message = app_private.slot_taken_message();
  end if;
  return jsonb_build_object('id', new_id, 'message', 'Appuntamento spostato');
end
$$;
grant execute on function api.move_reservation(uuid, date, text) to authenticated;
comment on function api.move_reservation(uuid, date, text) is
  'Client only: asks to move her appointment (''in attesa'' or ''confermata'', not started, within the '
  'salon''s cancellation notice, else the message gives the salon''s phone) to a free time of the booking '
  'window: a new ''in attesa'' request with moves_reservation_id, the same treatment, operator and length. '
  'The appointment keeps its slot until the salon confirms the request (then it turns ''spostata'') or '
  'refuses it, or at once when the salon set moves_confirmed_at_once. The request''s notes name the time '
  'it replaces. One open move per appointment; the same request again returns it. A part of a visit '
  'moves the whole visit (app_private.move_visit).';
