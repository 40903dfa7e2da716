-- A visit is rejected, confirmed (all parts or none) and cancelled as a whole.

create or replace function api.reject_reservation(reservation_id uuid, reason text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_reason text := app_private.required_reason(reject_reservation.reason, 'Inserisci la motivazione del rifiuto');
  pending app.reservations;
begin
  pending := app_private.merchant_reservation(reject_reservation.reservation_id, caller_merchant_id);
  update app.reservations r set status = 'rifiutata', notes = new_reason
   where (r.id = pending.id or r.visit_id = pending.visit_id) and r.status = 'in attesa';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere rifiutata';
  end if;
  return jsonb_build_object('message', 'Prenotazione rifiutata');
end
$$;
grant execute on function api.reject_reservation(uuid, text) to authenticated;
comment on function api.reject_reservation(uuid, text) is
  'Merchant only: ''in attesa'' -> ''rifiutata'' with the required reason (at most 500 characters) stored '
  'as notes; every part of a visit at once.';

create function app_private.confirm_request(reservation_id uuid, operator_id uuid, caller_merchant_id uuid)
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

create or replace function api.confirm_reservation(reservation_id uuid, operator_id uuid default null) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pending app.reservations := app_private.merchant_reservation(confirm_reservation.reservation_id, caller_merchant_id);
  part app.reservations;
begin
  if pending.visit_id is null then
    perform app_private.confirm_request(pending.id, confirm_reservation.operator_id, caller_merchant_id);
  else
    -- A visit is confirmed whole or not at all: a part's refusal, named, undoes the parts before it.
    for part in select r.* from app.reservations r where r.visit_id = pending.visit_id order by r.visit_part loop
      begin
        perform app_private.confirm_request(
          part.id, case when part.id = pending.id then confirm_reservation.operator_id end, caller_merchant_id);
      exception when sqlstate 'P0001' then
        raise sqlstate 'P0001' using message = format('%s: %s', part.treatment_name, sqlerrm);
      end;
    end loop;
  end if;
  return jsonb_build_object(
    'message', 'Prenotazione confermata',
    'operator_id', (select r.operator_id from app.reservations r where r.id = pending.id),
    'operator_name', (select r.operator_name from app.reservations r where r.id = pending.id));
end
$$;
grant execute on function api.confirm_reservation(uuid, uuid) to authenticated;
comment on function api.confirm_reservation(uuid, uuid) is
  'Merchant only: ''in attesa'' -> ''confermata'', notes cleared. A request without preference gets an '
  'operator: operator_id if given (one who performs the treatment), otherwise the least busy free one '
  '(api.reservation_free_operators). Refused when the operator already has a confirmed reservation '
  'overlapping it (the exclusion constraint decides). A part of a visit confirms every part (operator_id '
  'for the part asked), all or none: a refusal names the part.';

create or replace function api.merchant_cancel_reservation(reservation_id uuid, reason text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_reason text := app_private.required_reason(
    merchant_cancel_reservation.reason, 'Inserisci la motivazione dell''annullamento');
  confirmed app.reservations :=
    app_private.merchant_reservation(merchant_cancel_reservation.reservation_id, caller_merchant_id);
begin
  update app.reservations r set status = 'annullata', notes = new_reason
   where (r.id = confirmed.id or r.visit_id = confirmed.visit_id) and r.status = 'confermata'
     and r.starts_at > now();
  if not found then
    raise sqlstate 'P0001'
      using message = 'Solo un appuntamento confermato non ancora iniziato può essere annullato';
  end if;
  return jsonb_build_object('message', 'Appuntamento annullato');
end
$$;
grant execute on function api.merchant_cancel_reservation(uuid, text) to authenticated;
comment on function api.merchant_cancel_reservation(uuid, text) is
  'Merchant only: cancels a confirmed appointment that has not started, with a required reason (at most 500 '
  'characters, stored as notes) -> ''annullata''; every part of a visit at once.';
