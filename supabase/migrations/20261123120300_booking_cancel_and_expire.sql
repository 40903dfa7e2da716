-- Customers cancel, the salon cancels, requests expire.
-- * A customer cancels a request (in attesa, modificata) at any time before it starts, and a confirmed
--   appointment up to the salon's notice (app.merchants.cancellation_notice_hours, default 24) before it
--   starts; later the api says why and gives the salon's phone.
-- * The merchant cancels a confirmed appointment that has not started, with a reason (notes).
-- * A request (in attesa, modificata) whose start has passed is 'scaduta': rows show it so, it leaves
--   the inbox and nothing can change its status any more (the state machine refuses).
-- Cancelled and rejected reservations are the customer's to delete; spec §4's rule for confirmed ones
-- (an hour after the start) stays.

alter table app.merchants add column cancellation_notice_hours integer not null default 24
  check (cancellation_notice_hours between 0 and 168);
comment on column app.merchants.cancellation_notice_hours is
  'How many hours before a confirmed appointment the customer may still cancel it online (0-168).';

alter table app.reservations drop constraint reservations_status_check;
alter table app.reservations add constraint reservations_status_check
  check (status in ('in attesa', 'confermata', 'modificata', 'rifiutata', 'annullata'));

-- ============================================================================
-- The state machine, with cancellation and expiry
-- ============================================================================
create or replace function app_private.check_reservation_transition() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.merchant_id <> old.merchant_id or new.client_id <> old.client_id then
    raise sqlstate 'P0001' using message = 'Una prenotazione non cambia commerciante né cliente';
  end if;
  if new.status <> old.status and old.status in ('in attesa', 'modificata') and old.starts_at <= now() then
    raise sqlstate 'P0001' using message = 'La richiesta è scaduta: l''orario richiesto è già passato';
  end if;
  if new.status <> old.status and not (
       (old.status = 'in attesa' and new.status in ('confermata', 'modificata', 'rifiutata', 'annullata'))
       or (old.status = 'modificata' and new.status in ('confermata', 'rifiutata', 'annullata'))
       or (old.status = 'confermata' and new.status = 'annullata')
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

-- Who may update which rows (the functions and the trigger hold the finer rules).
drop policy "Merchants answer their own pending reservations" on app.reservations;
create policy "Merchants answer and cancel their own reservations" on app.reservations
  for update to authenticated
  using (merchant_id = (select app_private.current_merchant_id()) and status in ('in attesa', 'confermata'))
  with check (merchant_id = (select app_private.current_merchant_id()));

drop policy "Clients answer changes to their own reservations" on app.reservations;
create policy "Clients answer and cancel their own reservations" on app.reservations
  for update to authenticated
  using (client_id = any ((select app_private.my_client_ids())::uuid[])
         and status in ('in attesa', 'modificata', 'confermata'))
  with check (client_id = any ((select app_private.my_client_ids())::uuid[]));

-- ============================================================================
-- What a row shows and allows
-- ============================================================================
create function app_private.shown_status(status text, starts_at timestamptz) returns text
language sql stable set search_path = ''
as $$
  select case when shown_status.status in ('in attesa', 'modificata') and shown_status.starts_at <= now()
              then 'scaduta' else shown_status.status end
$$;

-- The salon's notice and phone, for a customer who cannot read the merchant row (definer).
create function app_private.cancellation_terms(merchant_id uuid, out notice_hours integer, out phone text)
language sql stable security definer set search_path = ''
as $$
  select m.cancellation_notice_hours, m.phone from app.merchants m where m.id = cancellation_terms.merchant_id
$$;

create function app_private.client_may_cancel(status text, starts_at timestamptz, merchant_id uuid)
returns boolean
language sql stable set search_path = ''
as $$
  select (client_may_cancel.status in ('in attesa', 'modificata') and client_may_cancel.starts_at > now())
      or (client_may_cancel.status = 'confermata'
          and now() <= client_may_cancel.starts_at
                       - make_interval(hours => (app_private.cancellation_terms(client_may_cancel.merchant_id)).notice_hours))
$$;

create or replace function app_private.client_may_delete(status text, starts_at timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select client_may_delete.status in ('rifiutata', 'annullata')
      or (client_may_delete.status = 'confermata' and client_may_delete.starts_at <= now() - interval '1 hour')
$$;

create or replace function app_private.reservation_actions(
  status text,
  starts_at timestamptz,
  merchant_id uuid,
  for_merchant boolean
) returns text[]
language sql stable set search_path = ''
as $$
  select case
    when reservation_actions.for_merchant then
      case when reservation_actions.status = 'in attesa' and reservation_actions.starts_at > now()
           then array['confirm', 'modify', 'reject']
           when reservation_actions.status = 'confermata' and reservation_actions.starts_at > now()
           then array['cancel']
           else '{}'::text[] end
    else
      case when reservation_actions.status = 'modificata' and reservation_actions.starts_at > now()
           then array['accept', 'decline'] else '{}'::text[] end
      || case when reservation_actions.status <> 'modificata'
                   and app_private.client_may_cancel(reservation_actions.status, reservation_actions.starts_at,
                                                     reservation_actions.merchant_id)
              then array['cancel'] else '{}'::text[] end
      || case when app_private.client_may_delete(reservation_actions.status, reservation_actions.starts_at)
              then array['delete'] else '{}'::text[] end
  end
$$;

grant execute on function app_private.shown_status(text, timestamptz),
  app_private.cancellation_terms(uuid), app_private.client_may_cancel(text, timestamptz, uuid)
  to authenticated, service_role;

create or replace view app.reservation_rows with (security_invoker = true) as
  select r.id, r.client_id, c.name as client_name, c.code as client_code,
         r.treatment_id, r.treatment_name, r.operator_id,
         coalesce(o.name, r.operator_name, 'Nessuna preferenza') as operator_name,
         to_char(r.starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD') as date,
         to_char(r.starts_at at time zone 'Europe/Rome', 'HH24:MI') as "time",
         (extract(epoch from r.ends_at - r.starts_at) / 60)::integer as duration_minutes,
         app_private.shown_status(r.status, r.starts_at) as status,
         r.notes, r.starts_at, r.ends_at, r.created_at, r.updated_at, r.merchant_id
    from app.reservations r
    join app.clients c on c.id = r.client_id
    left join app.operators o on o.id = r.operator_id;
comment on view app.reservation_rows is
  'Reservations in the shape of api.reservation_row (plus merchant_id), under the caller''s RLS; status '
  'is ''scaduta'' for a request whose start has passed.';

drop policy "Clients delete their own finished reservations" on app.reservations;
create policy "Clients delete their own finished reservations" on app.reservations
  for delete to authenticated
  using (
    client_id = any ((select app_private.my_client_ids())::uuid[])
    and app_private.client_may_delete(status, starts_at)
  );

create or replace function api.merchant_reservations(status text default null)
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  wanted text := nullif(btrim(coalesce(merchant_reservations.status, '')), '');
begin
  if wanted is not null
     and wanted not in ('in attesa', 'confermata', 'modificata', 'rifiutata', 'annullata', 'scaduta') then
    raise sqlstate 'P0001' using message = 'Stato non valido';
  end if;
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at,
           app_private.reservation_actions(v.status, v.starts_at, v.merchant_id, true)
      from app.reservation_rows v
     where v.merchant_id = caller_merchant_id
       and (wanted is null or v.status = wanted)
     order by v.starts_at desc, v.created_at desc, v.id;
end
$$;
comment on function api.merchant_reservations(text) is
  'Merchant only: the reservations it received, optionally of one status (''scaduta'' = a request whose '
  'start has passed), latest appointment first.';

-- ============================================================================
-- Reasons are short texts
-- ============================================================================
create function app_private.required_reason(reason text, missing_message text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  cleaned text := nullif(btrim(coalesce(required_reason.reason, '')), '');
begin
  if cleaned is null then
    raise sqlstate 'P0001' using message = required_reason.missing_message;
  end if;
  if length(cleaned) > 500 then
    raise sqlstate 'P0001' using message = 'La motivazione può contenere al massimo 500 caratteri';
  end if;
  return cleaned;
end
$$;
grant execute on function app_private.required_reason(text, text) to authenticated, service_role;

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
   where r.id = pending.id and r.status = 'in attesa';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere rifiutata';
  end if;
  return jsonb_build_object('message', 'Prenotazione rifiutata');
end
$$;
comment on function api.reject_reservation(uuid, text) is
  'Merchant only: ''in attesa'' -> ''rifiutata'' with the required reason (at most 500 characters) stored '
  'as notes.';

-- ============================================================================
-- Cancelling
-- ============================================================================
create function api.cancel_reservation(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  mine app.reservations := app_private.client_reservation(cancel_reservation.reservation_id);
  notice_hours integer;
  salon_phone text;
begin
  if not (mine.status in ('in attesa', 'modificata', 'confermata') and mine.starts_at > now()) then
    raise sqlstate 'P0001' using message = 'Questa prenotazione non può essere annullata';
  end if;
  if not app_private.client_may_cancel(mine.status, mine.starts_at, mine.merchant_id) then
    select t.notice_hours, t.phone into notice_hours, salon_phone
      from app_private.cancellation_terms(mine.merchant_id) t;
    raise sqlstate 'P0001' using message = format(
      'Non è più possibile annullare online: mancano meno di %s ore all''appuntamento. Chiama il salone al %s',
      notice_hours, salon_phone);
  end if;
  update app.reservations r set status = 'annullata'
   where r.id = mine.id and r.status = mine.status;
  if not found then
    raise sqlstate 'P0001' using message = 'Questa prenotazione non può essere annullata';
  end if;
  return jsonb_build_object('message', 'Prenotazione annullata');
end
$$;
comment on function api.cancel_reservation(uuid) is
  'Client only: cancels its request (''in attesa'' or ''modificata'') before it starts, or its confirmed '
  'appointment up to the salon''s cancellation_notice_hours before it starts; later the message gives the '
  'salon''s phone. -> ''annullata''.';
grant execute on function api.cancel_reservation(uuid) to authenticated;

create function api.merchant_cancel_reservation(reservation_id uuid, reason text) returns jsonb
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
   where r.id = confirmed.id and r.status = 'confermata' and r.starts_at > now();
  if not found then
    raise sqlstate 'P0001'
      using message = 'Solo un appuntamento confermato non ancora iniziato può essere annullato';
  end if;
  return jsonb_build_object('message', 'Appuntamento annullato');
end
$$;
comment on function api.merchant_cancel_reservation(uuid, text) is
  'Merchant only: cancels a confirmed appointment that has not started, with a required reason (at most 500 '
  'characters, stored as notes) -> ''annullata''.';
grant execute on function api.merchant_cancel_reservation(uuid, text) to authenticated;

-- ============================================================================
-- The salon's booking settings
-- ============================================================================
create function api.booking_settings() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select jsonb_build_object('cancellation_notice_hours', m.cancellation_notice_hours)
            from app.merchants m where m.id = caller_merchant_id);
end
$$;
comment on function api.booking_settings() is
  'Merchant only: its booking settings (cancellation_notice_hours).';
grant execute on function api.booking_settings() to authenticated;

-- Definer: merchants do not update their own merchant row otherwise; this changes one column only.
create function api.set_cancellation_notice(hours integer) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_cancellation_notice.hours is null or set_cancellation_notice.hours not between 0 and 168 then
    raise sqlstate 'P0001' using message = 'Il preavviso di annullamento deve essere tra 0 e 168 ore';
  end if;
  update app.merchants m set cancellation_notice_hours = set_cancellation_notice.hours
   where m.id = caller_merchant_id;
  return jsonb_build_object('message', 'Preavviso di annullamento aggiornato');
end
$$;
comment on function api.set_cancellation_notice(integer) is
  'Merchant only: how many hours before a confirmed appointment its customers may still cancel online (0-168).';
grant execute on function api.set_cancellation_notice(integer) to authenticated;
