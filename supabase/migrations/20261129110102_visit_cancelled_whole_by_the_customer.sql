-- A visit counts as one open request, is cancelled whole by the customer, and is not moved part by part.

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
  open_limit integer;
begin
  perform app_private.require_confirmed_address(caller_client_id);
  if book_reservation.treatment_id is null or book_reservation.date is null
     or nullif(btrim(coalesce(book_reservation."time", '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento, data e orario';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, book_reservation.treatment_id,
                                           book_reservation.operator_id);
  new_start := app_private.booking_start(book_reservation.date, book_reservation."time");
  new_end := new_start + make_interval(mins => chosen.duration_minutes);

  -- One customer's bookings at one salon, one at a time: a repeated tap waits for the first, then
  -- finds its request.
  perform pg_advisory_xact_lock(hashtextextended('book_reservation ' || caller_client_id::text, 0));
  select r.id into new_id from app.reservations r
   where r.client_id = caller_client_id and r.status = 'in attesa'
     and r.treatment_id = chosen.id and r.operator_id is not distinct from book_reservation.operator_id
     and r.starts_at = new_start;
  if new_id is not null then
    return jsonb_build_object('id', new_id, 'message', 'Prenotazione salvata!');
  end if;

  open_limit := app_private.open_request_limit(caller_merchant_id);
  -- A visit of several treatments counts as one request.
  if (select count(distinct coalesce(r.visit_id, r.id)) from app.reservations r
       where r.client_id = caller_client_id and r.status in ('in attesa', 'modificata')
         and r.starts_at > now()) >= open_limit then
    raise sqlstate 'P0001' using message = case when open_limit = 1
      then 'Hai già una richiesta in attesa in questo salone: attendi una risposta o annullala'
      else format('Hai già %s richieste in attesa in questo salone: attendi una risposta o annullane una',
                  open_limit) end;
  end if;

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
grant execute on function api.book_reservation(text, uuid, uuid, date, text) to authenticated;
comment on function api.book_reservation(text, uuid, uuid, date, text) is
  'Client only: books a treatment at a date of the 30-day window and a time of the grid, with an operator '
  'or with none (''Nessuna preferenza'' = any operator who performs it and is free); refused when that '
  'operator, or every such operator, has a confirmed reservation overlapping it. Starts ''in attesa''. '
  'The same request while hers is still pending returns that one; refused when she already has the '
  'salon''s max_open_requests open requests (pending or awaiting her answer, not yet started).';

create or replace function api.cancel_reservation(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  mine app.reservations := app_private.client_reservation(cancel_reservation.reservation_id);
begin
  -- A visit is cancelled whole, as its first part allows.
  if mine.visit_id is not null then
    select r.* into mine from app.reservations r where r.visit_id = mine.visit_id and r.visit_part = 1;
  end if;
  if not (mine.status in ('in attesa', 'modificata', 'confermata') and mine.starts_at > now()) then
    raise sqlstate 'P0001' using message = 'Questa prenotazione non può essere annullata';
  end if;
  if not app_private.client_may_cancel(mine.status, mine.starts_at, mine.merchant_id) then
    raise sqlstate 'P0001'
      using message = app_private.client_cancel_refusal(mine.status, mine.starts_at, mine.merchant_id);
  end if;
  update app.reservations r set status = 'annullata'
   where (r.id = mine.id or r.visit_id = mine.visit_id) and r.status = mine.status;
  if not found then
    raise sqlstate 'P0001' using message = 'Questa prenotazione non può essere annullata';
  end if;
  return jsonb_build_object('message', 'Prenotazione annullata');
end
$$;
grant execute on function api.cancel_reservation(uuid) to authenticated;
comment on function api.cancel_reservation(uuid) is
  'Client only: cancels its request (''in attesa'' or ''modificata'') before it starts, or its confirmed '
  'appointment up to the salon''s cancellation_notice_hours before it starts; later the message gives the '
  'salon''s phone. -> ''annullata''. A visit''s parts together, as its first part allows.';

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
    raise sqlstate 'P0001'
      using message = 'Una visita con più trattamenti non si sposta: annullala e prenota di nuovo';
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
  'it replaces. One open move per appointment; the same request again returns it. Not a visit''s part.';
