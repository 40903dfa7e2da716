-- Booking merchant API: operators (with photos in bucket operatori), treatments, and the reservations
-- received: list, confirm, modify, reject, agenda. Every function is security invoker: RLS limits the
-- merchant to its own rows, and each function also filters on the caller's merchant id explicitly.
-- Reservations leave 'in attesa' only here (spec §4); confirm and modify re-check the operator's
-- confirmed slots under the operator's row lock (app_private.claim_operator_slot).

-- ============================================================================
-- Operators
-- ============================================================================
create function api.list_operators()
returns table (id uuid, name text, image_path text, image_url text, created_at timestamptz)
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return query
    select o.id, o.name, o.image_path, app_private.operator_image_url(o.image_path), o.created_at
      from app.operators o
     where o.merchant_id = caller_merchant_id
     order by o.created_at, o.name;
end
$$;
comment on function api.list_operators() is
  'Merchant only: its operators, oldest first, with the public URL of each photo (null when none).';
grant execute on function api.list_operators() to authenticated;

-- The photo must sit in the merchant's own folder of bucket operatori ('{merchant_id}/file').
create function app_private.check_operator_image(image_path text, merchant_id uuid) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if check_operator_image.image_path not like check_operator_image.merchant_id::text || '/_%'
     or check_operator_image.image_path like '%..%' then
    raise sqlstate 'P0001' using message = 'Immagine non valida';
  end if;
end
$$;
grant execute on function app_private.check_operator_image(text, uuid) to authenticated, service_role;

create function api.add_operator(name text, image_path text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(add_operator.name, '')), '');
  new_path text := nullif(btrim(coalesce(add_operator.image_path, '')), '');
  new_id uuid;
begin
  if new_name is null then
    raise sqlstate 'P0001' using message = 'Il nome dell''operatore è obbligatorio';
  end if;
  if new_path is null then
    raise sqlstate 'P0001' using message = 'L''immagine dell''operatore è obbligatoria';
  end if;
  perform app_private.check_operator_image(new_path, caller_merchant_id);
  insert into app.operators (merchant_id, name, image_path)
  values (caller_merchant_id, new_name, new_path)
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'message', 'Operatore registrato con successo!');
end
$$;
comment on function api.add_operator(text, text) is
  'Merchant only: registers an operator; name and photo (object in its folder of bucket operatori) required.';
grant execute on function api.add_operator(text, text) to authenticated;

create function api.update_operator(operator_id uuid, name text, image_path text default null) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(update_operator.name, '')), '');
  new_path text := nullif(btrim(coalesce(update_operator.image_path, '')), '');
begin
  if new_name is null then
    raise sqlstate 'P0001' using message = 'Il nome dell''operatore è obbligatorio';
  end if;
  if new_path is not null then
    perform app_private.check_operator_image(new_path, caller_merchant_id);
  end if;
  update app.operators o
     set name = new_name, image_path = coalesce(new_path, o.image_path)
   where o.id = update_operator.operator_id and o.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  return jsonb_build_object('message', 'Operatore aggiornato con successo!');
end
$$;
comment on function api.update_operator(uuid, text, text) is
  'Merchant only: renames an operator and, when image_path is given, replaces its photo.';
grant execute on function api.update_operator(uuid, text, text) to authenticated;

create function api.delete_operator(operator_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  delete from app.operators o
   where o.id = delete_operator.operator_id and o.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  return jsonb_build_object('message', 'Operatore eliminato');
end
$$;
comment on function api.delete_operator(uuid) is
  'Merchant only: deletes an operator; its reservations stay, as ''Nessuna preferenza''.';
grant execute on function api.delete_operator(uuid) to authenticated;

-- ============================================================================
-- Treatments
-- ============================================================================
create function api.list_treatments()
returns table (
  id uuid, name text, description text, duration_minutes integer, price numeric,
  for_all_operators boolean, operator_ids uuid[], created_at timestamptz
)
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return query
    select t.id, t.name, t.description, t.duration_minutes, t.price::numeric, t.for_all_operators,
           coalesce((select array_agg(tos.operator_id order by tos.operator_id)
                       from app.treatment_operators tos where tos.treatment_id = t.id), '{}'),
           t.created_at
      from app.treatments t
     where t.merchant_id = caller_merchant_id
     order by t.created_at, t.name;
end
$$;
comment on function api.list_treatments() is
  'Merchant only: its treatments, oldest first; operator_ids lists the chosen operators (empty when '
  'for_all_operators).';
grant execute on function api.list_treatments() to authenticated;

create function api.add_treatment(
  name text,
  description text,
  duration_minutes integer,
  price numeric,
  operator_ids uuid[] default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(add_treatment.name, '')), '');
  new_description text := nullif(btrim(coalesce(add_treatment.description, '')), '');
  chosen uuid[] := (select array_agg(distinct chosen_id) from unnest(add_treatment.operator_ids) as chosen_id);
  new_id uuid;
begin
  if new_name is null or new_description is null or add_treatment.duration_minutes is null
     or add_treatment.price is null
     or (add_treatment.operator_ids is not null and chosen is null) then
    raise sqlstate 'P0001' using message = 'Compila tutti i campi del form';
  end if;
  if add_treatment.duration_minutes <= 0 or add_treatment.duration_minutes > 24 * 60 then
    raise sqlstate 'P0001' using message = 'La durata deve essere compresa tra 1 e 1440 minuti';
  end if;
  if add_treatment.price < 0 or add_treatment.price >= 100000000 then
    raise sqlstate 'P0001' using message = 'Il prezzo non è valido';
  end if;
  if array_position(chosen, null) is not null
     or (select count(*) from app.operators o
          where o.merchant_id = caller_merchant_id and o.id = any (chosen)) <> coalesce(cardinality(chosen), 0) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  insert into app.treatments (merchant_id, name, description, duration_minutes, price, for_all_operators)
  values (caller_merchant_id, new_name, new_description, add_treatment.duration_minutes,
          round(add_treatment.price, 2), chosen is null)
  returning id into new_id;
  insert into app.treatment_operators (merchant_id, treatment_id, operator_id)
  select caller_merchant_id, new_id, chosen_id from unnest(chosen) as chosen_id;
  return jsonb_build_object('id', new_id, 'message', 'Trattamento registrato!');
end
$$;
comment on function api.add_treatment(text, text, integer, numeric, uuid[]) is
  'Merchant only: registers a treatment (all fields required); operator_ids null = every operator, '
  'otherwise at least one of its operators.';
grant execute on function api.add_treatment(text, text, integer, numeric, uuid[]) to authenticated;

create function api.delete_treatment(treatment_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  delete from app.treatments t
   where t.id = delete_treatment.treatment_id and t.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Trattamento non trovato';
  end if;
  return jsonb_build_object('message', 'Trattamento eliminato');
end
$$;
comment on function api.delete_treatment(uuid) is
  'Merchant only: deletes a treatment; reservations already made keep its name.';
grant execute on function api.delete_treatment(uuid) to authenticated;

-- ============================================================================
-- Reservations received
-- ============================================================================
create function api.merchant_reservations(status text default null)
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  wanted text := nullif(btrim(coalesce(merchant_reservations.status, '')), '');
begin
  if wanted is not null and wanted not in ('in attesa', 'confermata', 'modificata', 'rifiutata') then
    raise sqlstate 'P0001' using message = 'Stato non valido';
  end if;
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at
      from app.reservation_rows v
     where v.merchant_id = caller_merchant_id
       and (wanted is null or v.status = wanted)
     order by v.starts_at desc, v.created_at desc, v.id;
end
$$;
comment on function api.merchant_reservations(text) is
  'Merchant only: the reservations it received, optionally of one status, latest appointment first.';
grant execute on function api.merchant_reservations(text) to authenticated;

create function api.merchant_agenda()
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  from_instant timestamptz := app_private.rome_today()::timestamp at time zone 'Europe/Rome';
begin
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at
      from app.reservation_rows v
     where v.merchant_id = caller_merchant_id
       and v.status = 'confermata'
       and v.starts_at >= from_instant
     order by v.starts_at, v.operator_name, v.id;
end
$$;
comment on function api.merchant_agenda() is
  'Merchant only: confirmed reservations dated today or later (Europe/Rome), by date then time.';
grant execute on function api.merchant_agenda() to authenticated;

-- The caller's reservation, or 'Prenotazione non trovata' (another merchant's looks the same).
create function app_private.merchant_reservation(reservation_id uuid, merchant_id uuid)
returns app.reservations
language plpgsql stable set search_path = ''
as $$
declare
  found_row app.reservations;
begin
  select r.* into found_row from app.reservations r
   where r.id = merchant_reservation.reservation_id and r.merchant_id = merchant_reservation.merchant_id;
  if found_row.id is null then
    raise sqlstate 'P0001' using message = 'Prenotazione non trovata';
  end if;
  return found_row;
end
$$;
grant execute on function app_private.merchant_reservation(uuid, uuid) to authenticated, service_role;

create function api.confirm_reservation(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pending app.reservations := app_private.merchant_reservation(confirm_reservation.reservation_id, caller_merchant_id);
begin
  if pending.status <> 'in attesa' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere confermata';
  end if;
  if pending.operator_id is not null then
    perform app_private.claim_operator_slot(pending.operator_id, pending.starts_at, pending.ends_at, pending.id);
  end if;
  update app.reservations r set status = 'confermata', notes = ''
   where r.id = pending.id and r.status = 'in attesa';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere confermata';
  end if;
  return jsonb_build_object('message', 'Prenotazione confermata');
end
$$;
comment on function api.confirm_reservation(uuid) is
  'Merchant only: ''in attesa'' -> ''confermata'', notes cleared; refused when the operator already has '
  'a confirmed reservation overlapping it (checked under the operator''s lock).';
grant execute on function api.confirm_reservation(uuid) to authenticated;

create function api.modify_reservation(reservation_id uuid, date date, "time" text, note text) returns jsonb
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
  if pending.operator_id is not null then
    perform app_private.claim_operator_slot(pending.operator_id, new_start, new_end, pending.id);
  end if;
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
  'Merchant only: ''in attesa'' -> ''modificata'' with a new date and time (booking window and grid) and a '
  'required note for the client.';
grant execute on function api.modify_reservation(uuid, date, text, text) to authenticated;

create function api.reject_reservation(reservation_id uuid, reason text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_reason text := nullif(btrim(coalesce(reject_reservation.reason, '')), '');
  pending app.reservations;
begin
  if new_reason is null then
    raise sqlstate 'P0001' using message = 'Inserisci la motivazione del rifiuto';
  end if;
  pending := app_private.merchant_reservation(reject_reservation.reservation_id, caller_merchant_id);
  update app.reservations r set status = 'rifiutata', notes = new_reason
   where r.id = pending.id and r.status = 'in attesa';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere rifiutata';
  end if;
  return jsonb_build_object('message', 'Prenotazione rifiutata');
end
$$;
comment on function api.reject_reservation(uuid, text) is
  'Merchant only: ''in attesa'' -> ''rifiutata'' with the required reason stored as notes.';
grant execute on function api.reject_reservation(uuid, text) to authenticated;
