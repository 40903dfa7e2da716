-- No operator is ever double-booked among confirmed reservations: an exclusion constraint says so.
--
-- btree_gist lets a GiST index compare the operator's uuid with '=' next to the time range's '&&'.
-- PostgreSQL and Supabase ship it, and the embedded PGlite loads it too (server/db/pglite.ts registers
-- @electric-sql/pglite/contrib/btree_gist). This replaces the operator row lock and overlap check of
-- app_private.claim_operator_slot (20261122110000 and 20261122110100 explain that older design, which
-- assumed the extension could not be loaded): the database itself refuses a second confirmed
-- reservation overlapping one of the same operator, whoever writes it, and concurrent confirms wait
-- for each other inside the index. Booking and modifying (which do not confirm) keep a friendly
-- pre-check with app_private.operator_is_busy.

create extension if not exists btree_gist with schema extensions;

alter table app.reservations
  add constraint reservations_operator_never_double_booked
  exclude using gist (operator_id with =, tstzrange(starts_at, ends_at) with &&)
  where (status = 'confermata');

comment on table app.reservations is
  'A client''s request for a treatment at [starts_at, ends_at), with an operator or none (''Nessuna '
  'preferenza''). status follows spec §4; notes hold the merchant''s modify note or reject reason. '
  'Constraint reservations_operator_never_double_booked: confirmed reservations of one operator never '
  'overlap.';

-- The Italian message for the constraint, in one place.
create function app_private.slot_taken_message() returns text
language sql immutable set search_path = ''
as $$
  select 'Orario non disponibile: l''operatore ha già un appuntamento confermato in questa fascia'
$$;

-- Moves one reservation from from_status to 'confermata', optionally assigning its operator and clearing
-- notes. Answers 'confirmed', 'not_found' (no longer in from_status) or 'taken' (the constraint refused:
-- the operator has an overlapping confirmed reservation). Invoker: the caller's policies apply.
create function app_private.confirm_slot(
  reservation_id uuid,
  from_status text,
  operator_id uuid default null,
  clear_notes boolean default false
) returns text
language plpgsql set search_path = ''
as $$
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
exception when exclusion_violation then
  return 'taken';
end
$$;
grant execute on function app_private.slot_taken_message(),
  app_private.confirm_slot(uuid, text, uuid, boolean) to authenticated, service_role;

grant update (operator_id) on app.reservations to authenticated;

-- Refuses a slot the operator already has confirmed (a courtesy check before the constraint decides).
create function app_private.check_operator_free(
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null
) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if check_operator_free.operator_id is not null and app_private.operator_is_busy(
       check_operator_free.operator_id, check_operator_free.starts_at, check_operator_free.ends_at,
       check_operator_free.except_reservation_id) then
    raise sqlstate 'P0001' using message = app_private.slot_taken_message();
  end if;
end
$$;
grant execute on function app_private.check_operator_free(uuid, timestamptz, timestamptz, uuid)
  to authenticated, service_role;

-- ============================================================================
-- The four paths that could overlap a confirmed reservation
-- ============================================================================
create or replace function api.confirm_reservation(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pending app.reservations := app_private.merchant_reservation(confirm_reservation.reservation_id, caller_merchant_id);
  outcome text;
begin
  if pending.status <> 'in attesa' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere confermata';
  end if;
  outcome := app_private.confirm_slot(pending.id, 'in attesa', null, true);
  if outcome = 'taken' then
    raise sqlstate 'P0001' using message = app_private.slot_taken_message();
  elsif outcome = 'not_found' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere confermata';
  end if;
  return jsonb_build_object('message', 'Prenotazione confermata');
end
$$;
comment on function api.confirm_reservation(uuid) is
  'Merchant only: ''in attesa'' -> ''confermata'', notes cleared; refused when the operator already has '
  'a confirmed reservation overlapping it (the exclusion constraint decides).';

create or replace function api.accept_reservation_change(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  changed app.reservations := app_private.client_reservation(accept_reservation_change.reservation_id);
  outcome text;
begin
  if changed.status <> 'modificata' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere accettata';
  end if;
  outcome := app_private.confirm_slot(changed.id, 'modificata');
  if outcome = 'taken' then
    raise sqlstate 'P0001' using message = app_private.slot_taken_message();
  elsif outcome = 'not_found' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere accettata';
  end if;
  return jsonb_build_object('message', 'Modifica accettata: prenotazione confermata');
end
$$;
comment on function api.accept_reservation_change(uuid) is
  'Client only: accepts the merchant''s change, ''modificata'' -> ''confermata''; refused when the operator '
  'has meanwhile a confirmed reservation overlapping it (the exclusion constraint decides).';

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
  pending := app_private.merchant_reservation(modify_reservation.reservation_id, caller_merchant_id);
  if pending.status <> 'in attesa' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere modificata';
  end if;
  new_start := app_private.booking_start(modify_reservation.date, modify_reservation."time");
  new_end := new_start + (pending.ends_at - pending.starts_at);
  perform app_private.check_operator_free(pending.operator_id, new_start, new_end, pending.id);
  update app.reservations r
     set status = 'modificata', starts_at = new_start, ends_at = new_end, notes = new_note
   where r.id = pending.id and r.status = 'in attesa';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere modificata';
  end if;
  return jsonb_build_object('message', 'Prenotazione modificata e inviata');
end
$$;

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
  perform app_private.check_operator_free(book_reservation.operator_id, new_start, new_end);
  insert into app.reservations
    (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes)
  values
    (caller_merchant_id, caller_client_id, chosen.id, chosen.name, book_reservation.operator_id,
     new_start, new_end, 'in attesa', '')
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'message', 'Prenotazione salvata!');
end
$$;

drop function app_private.claim_operator_slot(uuid, timestamptz, timestamptz, uuid);
