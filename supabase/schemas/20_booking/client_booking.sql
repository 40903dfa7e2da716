-- The client's side of booking: booking, answering a proposed change, cancelling, and the lists of
-- their reservations.

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

-- A move waiting for the salon's answer: the request itself, or the appointment it would replace.
create function app_private.move_pending(reservation_id uuid) returns boolean
language sql stable set search_path = ''
as $$
  select exists (select 1 from app.reservations m
                  where m.status in ('in attesa', 'modificata')
                    and (m.moves_reservation_id = move_pending.reservation_id
                         or (m.id = move_pending.reservation_id and m.moves_reservation_id is not null)))
$$;
grant execute on function app_private.move_pending(uuid) to authenticated, service_role;

create or replace function api.client_reservations(merchant_slug text)
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_reservations.merchant_slug);
begin
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at,
           case when app_private.move_pending(v.id)
                then array_remove(app_private.reservation_actions(v.status, v.starts_at, v.merchant_id, false), 'move')
                else app_private.reservation_actions(v.status, v.starts_at, v.merchant_id, false) end
      from app.reservation_rows v
     where v.client_id = caller_client_id
     order by v.starts_at desc, v.created_at desc, v.id;
end
$$;
grant execute on function api.client_reservations(text) to authenticated;
comment on function api.client_reservations(text) is
  'Client only: the caller''s reservations at one merchant, latest appointment first; no ''move'' while a '
  'move of it waits for the salon''s answer.';

-- Answering a change, deleting a finished reservation
create function app_private.client_reservation(reservation_id uuid) returns app.reservations
language plpgsql stable set search_path = ''
as $$
declare
  client_ids uuid[] := app_private.require_any_client();
  found_row app.reservations;
begin
  select r.* into found_row from app.reservations r
   where r.id = client_reservation.reservation_id and r.client_id = any (client_ids);
  if found_row.id is null then
    raise sqlstate 'P0001' using message = 'Prenotazione non trovata';
  end if;
  return found_row;
end
$$;
grant execute on function app_private.client_reservation(uuid) to authenticated, service_role;

-- Accepting a change to a request without preference assigns operator_id when given (a visit's part, as
-- app_private.saved_visit_operators chose it), else the least busy free operator.
create function app_private.accept_change(reservation_id uuid, operator_id uuid default null) returns void
language plpgsql set search_path = ''
as $$
declare
  changed app.reservations;
  candidate uuid;
  outcome text;
begin
  select r.* into changed from app.reservations r where r.id = accept_change.reservation_id;
  if changed.status is distinct from 'modificata' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere accettata';
  end if;
  if changed.operator_id is not null then
    outcome := app_private.confirm_slot(changed.id, 'modificata');
  elsif accept_change.operator_id is not null then
    outcome := app_private.confirm_slot(changed.id, 'modificata', accept_change.operator_id);
  else
    outcome := 'none';
    for candidate in
      select f.operator_id from app_private.free_operators(
        changed.merchant_id, changed.treatment_id, changed.starts_at, changed.ends_at, changed.id) f
       where not app_private.meets_own_visit(changed.id, f.operator_id)
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
end
$$;
grant execute on function app_private.accept_change(uuid, uuid) to authenticated, service_role;

create or replace function api.accept_reservation_change(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  changed app.reservations := app_private.client_reservation(accept_reservation_change.reservation_id);
  part app.reservations;
  operators uuid[];
begin
  if changed.visit_id is null then
    perform app_private.accept_change(changed.id);
  else
    -- A visit is accepted whole or not at all: a part's refusal, named, undoes the parts before it. The
    -- parts without preference get operators chosen together, so that none meets another part.
    operators := app_private.saved_visit_operators(changed.visit_id);
    for part in select r.* from app.reservations r where r.visit_id = changed.visit_id order by r.visit_part loop
      begin
        perform app_private.accept_change(part.id, operators[part.visit_part]);
      exception when sqlstate 'P0001' then
        raise sqlstate 'P0001' using message = format('%s: %s', part.treatment_name, sqlerrm);
      end;
    end loop;
  end if;
  return jsonb_build_object('message', 'Modifica accettata: prenotazione confermata');
end
$$;
grant execute on function api.accept_reservation_change(uuid) to authenticated;
comment on function api.accept_reservation_change(uuid) is
  'Client only: accepts the merchant''s change, ''modificata'' -> ''confermata''; without preference the '
  'least busy free operator who performs the treatment is assigned. Refused when the operator (or every '
  'such operator) has meanwhile a confirmed reservation overlapping it (the exclusion constraint decides). '
  'A part of a visit accepts every part (those without preference as app_private.visit_operators assigns '
  'them), all or none: a refusal names the part.';

create function api.decline_reservation_change(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  changed app.reservations := app_private.client_reservation(decline_reservation_change.reservation_id);
begin
  update app.reservations r set status = 'rifiutata'
   where (r.id = changed.id or r.visit_id = changed.visit_id) and r.status = 'modificata';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere rifiutata';
  end if;
  return jsonb_build_object('message', 'Modifica rifiutata: prenotazione annullata');
end
$$;
grant execute on function api.decline_reservation_change(uuid) to authenticated;
comment on function api.decline_reservation_change(uuid) is
  'Client only: declines the merchant''s change, ''modificata'' -> ''rifiutata''; every part of a visit '
  'at once.';

create or replace function api.delete_reservation(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  finished app.reservations := app_private.client_reservation(delete_reservation.reservation_id);
begin
  -- The delete policy holds the same rule.
  if not app_private.client_may_delete(finished.status, finished.starts_at) then
    raise sqlstate 'P0001' using message = 'Impossibile eliminare la prenotazione';
  end if;
  delete from app.reservations r where r.id = finished.id;
  if not found then
    raise sqlstate 'P0001' using message = 'Impossibile eliminare la prenotazione';
  end if;
  return jsonb_build_object('message', 'Prenotazione eliminata');
end
$$;
grant execute on function api.delete_reservation(uuid) to authenticated;
comment on function api.delete_reservation(uuid) is
  'Client only: deletes a reservation that is ''rifiutata'', or ''confermata'' and started at least one '
  'hour ago; otherwise ''Impossibile eliminare la prenotazione''.';

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

create or replace function api.client_reservation_sections(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_reservation_sections.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  sections jsonb;
begin
  with mine as (
    select to_jsonb(r) || jsonb_build_object(
             'cancel_until', app_private.client_cancel_until(r.status, r.starts_at, caller_merchant_id),
             'cancel_refusal', app_private.client_cancel_refusal(r.status, r.starts_at, caller_merchant_id),
             'calendar_file', app_private.has_calendar_file(r.status, r.ends_at),
             'visit_id', own.visit_id,
             'visit_part', own.visit_part
           ) as row,
           r.ends_at > now() and r.status not in ('scaduta', 'spostata') as upcoming,
           r.starts_at, r.created_at, r.id
      from api.client_reservations(client_reservation_sections.merchant_slug) as r
      join app.reservations own on own.id = r.id
  )
  select jsonb_build_object(
           'upcoming', coalesce(jsonb_agg(m.row order by m.starts_at, m.created_at, m.id)
                                  filter (where m.upcoming), '[]'::jsonb),
           'past', coalesce(jsonb_agg(m.row order by m.starts_at desc, m.created_at desc, m.id)
                              filter (where not m.upcoming), '[]'::jsonb))
    into sections
    from mine m;
  return sections;
end
$$;
grant execute on function api.client_reservation_sections(text) to authenticated;
comment on function api.client_reservation_sections(text) is
  'Client only: its reservations at the salon as {upcoming, past}: upcoming = not yet ended and neither '
  '''scaduta'' nor ''spostata'', soonest first; past = the rest, latest first. Each is an api.reservation_row plus '
  'cancel_until (until when a confirmed appointment may still be cancelled online) and cancel_refusal (why '
  'a confirmed appointment that has not started no longer may) and calendar_file (api.reservation_ics has '
  'a file for it: confirmed and not ended), visit_id and visit_part (null unless a part of a visit).';

create function api.client_next_appointment(merchant_slug text)
returns setof api.reservation_row
language sql stable set search_path = ''
as $$
  select r.*
    from api.client_reservations(client_next_appointment.merchant_slug) as r
   where r.status in ('in attesa', 'modificata', 'confermata')
     and r.starts_at > now()
   order by r.starts_at, r.created_at desc, r.id
   limit 1
$$;
grant execute on function api.client_next_appointment(text) to authenticated;
comment on function api.client_next_appointment(text) is
  'Client only: its next appointment at the salon (zero or one api.reservation_row): the earliest '
  'reservation not yet started that is ''in attesa'', ''modificata'' or ''confermata''.';

-- Moving an appointment: a new request that replaces it once the salon confirms it
-- Why an appointment can no longer be moved online (the cancellation notice holds for moves too).
create function app_private.client_move_refusal(merchant_id uuid) returns text
language sql stable set search_path = ''
as $$
  select format('Non è più possibile spostare online: mancano meno di %s ore all''appuntamento. '
                'Chiama il salone al %s', t.notice_hours, t.phone)
    from app_private.cancellation_terms(client_move_refusal.merchant_id) t
$$;
grant execute on function app_private.client_move_refusal(uuid) to authenticated, service_role;

-- Whether the salon confirms moves at once, for a customer who cannot read the merchant row (definer).
create function app_private.moves_confirmed_at_once(merchant_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select m.moves_confirmed_at_once from app.merchants m where m.id = moves_confirmed_at_once.merchant_id
$$;
grant execute on function app_private.moves_confirmed_at_once(uuid) to authenticated, service_role;

-- Definer: merchants do not update their own merchant row otherwise; this changes one column only.
create function api.set_moves_confirmed_at_once(enabled boolean) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_moves_confirmed_at_once.enabled is null then
    raise sqlstate '22023' using message = 'Indica se confermare subito gli spostamenti';
  end if;
  update app.merchants m set moves_confirmed_at_once = set_moves_confirmed_at_once.enabled
   where m.id = caller_merchant_id;
  return jsonb_build_object('message', case when set_moves_confirmed_at_once.enabled
    then 'Gli spostamenti dei clienti saranno confermati subito'
    else 'Gli spostamenti dei clienti attenderanno la tua conferma' end);
end
$$;
grant execute on function api.set_moves_confirmed_at_once(boolean) to authenticated;
comment on function api.set_moves_confirmed_at_once(boolean) is
  'Merchant only: whether a customer''s move to a free time is confirmed at once (otherwise it waits in the '
  'inbox as a request).';

create function api.move_reservation(reservation_id uuid, date date, "time" text) returns jsonb
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

-- Confirmed, a move request takes the place of the appointment it moves, in the same statement.
create function app_private.replace_the_moved_reservation() returns trigger
language plpgsql set search_path = ''
as $$
begin
  update app.reservations r set status = 'spostata'
   where r.id = new.moves_reservation_id and r.status in ('in attesa', 'confermata');
  if not found then
    raise sqlstate 'P0001' using message = 'L''appuntamento da spostare non è più attivo';
  end if;
  return new;
end
$$;
create trigger reservations_replace_the_moved_one
  before update of status on app.reservations
  for each row
  when (new.moves_reservation_id is not null and old.status in ('in attesa', 'modificata')
        and new.status = 'confermata')
  execute function app_private.replace_the_moved_reservation();

-- An appointment cancelled, refused or closed takes its open move request with it.
create function app_private.withdraw_open_moves() returns trigger
language plpgsql set search_path = ''
as $$
begin
  update app.reservations m set status = 'annullata'
   where m.moves_reservation_id = new.id and m.status in ('in attesa', 'modificata') and m.starts_at > now();
  return null;
end
$$;
create trigger reservations_withdraw_open_moves
  after update of status on app.reservations
  for each row
  when (old.status in ('in attesa', 'confermata') and new.status not in ('in attesa', 'confermata', 'spostata'))
  execute function app_private.withdraw_open_moves();
