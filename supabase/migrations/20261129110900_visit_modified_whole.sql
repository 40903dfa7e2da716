-- A visit is modified whole: the salon's change shifts every part by the same amount, each checked as when
-- booked, and the customer accepts or declines every part at once. A part without preference is given an
-- operator who is not busy with another part of the visit at that time.

-- A visit shifted whole (the salon's change, the customer's move): every part checked at its new time as
-- when booked, its own row set aside; the refusal names the part.
create or replace function app_private.check_visit_shift(visit_id uuid, shift interval) returns void
language plpgsql stable set search_path = ''
as $$
declare
  part app.reservations;
begin
  for part in select r.* from app.reservations r where r.visit_id = check_visit_shift.visit_id
               order by r.visit_part loop
    begin
      perform app_private.check_slot_free(part.merchant_id, part.treatment_id, part.operator_id,
                                          part.starts_at + check_visit_shift.shift,
                                          part.ends_at + check_visit_shift.shift, part.id);
    exception when sqlstate 'P0001' then
      raise sqlstate 'P0001' using message = format('%s: %s', part.treatment_name, sqlerrm);
    end;
  end loop;
end
$$;
grant execute on function app_private.check_visit_shift(uuid, interval) to authenticated, service_role;

-- Whether the operator, given this part of a visit, would be busy at once with another of its parts that
-- names that operator (a pause after one treatment meeting the next): confirm and accept pass over them.
create or replace function app_private.meets_own_visit(reservation_id uuid, operator_id uuid) returns boolean
language sql stable set search_path = ''
as $$
  select exists (
    select 1 from app.reservations part
      join app.reservations other on other.visit_id = part.visit_id and other.id <> part.id
     where part.id = meets_own_visit.reservation_id
       and other.operator_id = meets_own_visit.operator_id
       and other.operator_busy && app_private.busy_span(part.starts_at, part.ends_at, part.buffer_minutes,
                                                        part.processing_offset_minutes, part.processing_minutes))
$$;
grant execute on function app_private.meets_own_visit(uuid, uuid) to authenticated, service_role;

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

create or replace function app_private.confirm_request(reservation_id uuid, operator_id uuid, caller_merchant_id uuid)
returns void
language plpgsql set search_path = ''
as $$
declare
  pending app.reservations :=
    app_private.merchant_reservation(confirm_request.reservation_id, confirm_request.caller_merchant_id);
  candidate uuid;
  outcome text;
begin
  if pending.status <> 'in attesa' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere confermata';
  end if;
  if pending.operator_id is not null then
    if confirm_request.operator_id is distinct from null
       and confirm_request.operator_id <> pending.operator_id then
      raise sqlstate 'P0001' using message = 'Il cliente ha scelto un altro operatore: modifica o rifiuta la richiesta';
    end if;
    outcome := app_private.confirm_slot(pending.id, 'in attesa', null, true);
  elsif confirm_request.operator_id is not null then
    if confirm_request.operator_id not in (
         select app_private.performing_operator_ids(confirm_request.caller_merchant_id, pending.treatment_id)) then
      raise sqlstate 'P0001' using message = 'L''operatore scelto non esegue questo trattamento';
    end if;
    outcome := app_private.confirm_slot(pending.id, 'in attesa', confirm_request.operator_id, true);
  else
    -- The least busy free operator; if a concurrent confirm takes it first, the next one.
    outcome := 'none';
    for candidate in
      select f.operator_id from app_private.free_operators(
        confirm_request.caller_merchant_id, pending.treatment_id, pending.starts_at, pending.ends_at, pending.id) f
       where not app_private.meets_own_visit(pending.id, f.operator_id)
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
end
$$;
grant execute on function app_private.confirm_request(uuid, uuid, uuid) to authenticated, service_role;
comment on function app_private.confirm_request(uuid, uuid, uuid) is
  'Confirms one reservation as api.confirm_reservation describes; raises the refusal''s message.';

-- Accepting a change to a request without preference assigns the least busy free operator.
create or replace function app_private.accept_change(reservation_id uuid) returns void
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
grant execute on function app_private.accept_change(uuid) to authenticated, service_role;

create or replace function api.accept_reservation_change(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  changed app.reservations := app_private.client_reservation(accept_reservation_change.reservation_id);
  part app.reservations;
begin
  if changed.visit_id is null then
    perform app_private.accept_change(changed.id);
  else
    -- A visit is accepted whole or not at all: a part's refusal, named, undoes the parts before it.
    for part in select r.* from app.reservations r where r.visit_id = changed.visit_id order by r.visit_part loop
      begin
        perform app_private.accept_change(part.id);
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
  'A part of a visit accepts every part, all or none: a refusal names the part.';

create or replace function api.decline_reservation_change(reservation_id uuid) returns jsonb
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
