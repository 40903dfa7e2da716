-- A customer moves her appointment herself: a new request linked to it (moves_reservation_id) that
-- takes its place, as 'spostata', once the salon confirms it (or at once, when the salon says so in
-- Impostazioni); until then the appointment keeps its slot. The state machine gains
-- 'in attesa'/'confermata' -> 'spostata', and the customer's rows the action 'move'.

alter table app.merchants add column moves_confirmed_at_once boolean not null default false;
comment on column app.merchants.moves_confirmed_at_once is
  'Whether a customer''s move to a free time is confirmed at once instead of waiting for the salon (off by default).';

alter table app.reservations drop constraint reservations_status_check;
alter table app.reservations add constraint reservations_status_check
  check (status in ('in attesa', 'confermata', 'modificata', 'rifiutata', 'annullata', 'completata',
                    'non presentata', 'spostata'));
alter table app.reservations add column moves_reservation_id uuid;
alter table app.reservations add constraint reservations_client_id_id_key unique (client_id, id);
alter table app.reservations add constraint reservations_moves_her_own_reservation
  foreign key (client_id, moves_reservation_id) references app.reservations (client_id, id)
  on delete set null (moves_reservation_id);
create unique index reservations_one_open_move_idx on app.reservations (moves_reservation_id)
  where status in ('in attesa', 'modificata');
create index reservations_moves_reservation_id_idx on app.reservations (moves_reservation_id);
comment on column app.reservations.moves_reservation_id is
  'A move request: the customer''s appointment (''in attesa'' or ''confermata'') this request would '
  'replace; confirmed, it turns that one ''spostata''.';
comment on type api.reservation_row is
  'A reservation as the screens show it: date and time in Europe/Rome, the instants starts_at/ends_at, '
  'operator_name ''Nessuna preferenza'' when no operator was chosen, and actions: what the caller may do '
  '(merchant: confirm, modify, reject, cancel, complete, no_show; client: accept, decline, cancel, move, '
  'delete).';

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
       or (old.status = 'confermata' and new.status in ('annullata', 'completata', 'non presentata'))
       or (old.status in ('in attesa', 'confermata') and new.status = 'spostata'
           and exists (select 1 from app.reservations m
                        where m.moves_reservation_id = old.id and m.status in ('in attesa', 'modificata')))
     ) then
    raise sqlstate 'P0001'
      using message = format('Passaggio di stato non consentito: da ''%s'' a ''%s''', old.status, new.status);
  end if;
  if new.status <> old.status and new.status in ('completata', 'non presentata') then
    if app_private.current_merchant_id() is distinct from old.merchant_id then
      raise sqlstate '42501' using message = 'Solo il salone segna com''è andata una visita';
    end if;
    if not app_private.visit_may_close(old.status, old.starts_at) then
      raise sqlstate 'P0001'
        using message = 'Una visita si segna completata o non presentata solo dopo il suo inizio';
    end if;
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
           when app_private.visit_may_close(reservation_actions.status, reservation_actions.starts_at)
           then array['complete', 'no_show']
           else '{}'::text[] end
    else
      case when reservation_actions.status = 'modificata' and reservation_actions.starts_at > now()
           then array['accept', 'decline'] else '{}'::text[] end
      || case when reservation_actions.status <> 'modificata'
                   and app_private.client_may_cancel(reservation_actions.status, reservation_actions.starts_at,
                                                     reservation_actions.merchant_id)
              then array['cancel'] else '{}'::text[] end
      || case when reservation_actions.status in ('in attesa', 'confermata')
                   and app_private.client_may_cancel(reservation_actions.status, reservation_actions.starts_at,
                                                     reservation_actions.merchant_id)
              then array['move'] else '{}'::text[] end
      || case when app_private.client_may_delete(reservation_actions.status, reservation_actions.starts_at)
              then array['delete'] else '{}'::text[] end
  end
$$;
grant execute on function app_private.reservation_actions(text, timestamptz, uuid, boolean) to authenticated, service_role;

create or replace function api.booking_settings() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select jsonb_build_object(
                   'cancellation_notice_hours', m.cancellation_notice_hours,
                   'address', m.address,
                   'new_request_emails', m.new_request_emails,
                   'reminder_emails', m.reminder_emails,
                   'max_open_requests', m.max_open_requests,
                   'second_reminder_emails', m.second_reminder_emails,
                   'no_show_alert_threshold', m.no_show_alert_threshold,
                   'moves_confirmed_at_once', m.moves_confirmed_at_once)
            from app.merchants m where m.id = caller_merchant_id);
end
$$;
grant execute on function api.booking_settings() to authenticated;
comment on function api.booking_settings() is
  'Merchant only: its booking settings (cancellation_notice_hours, address, new_request_emails, '
  'reminder_emails, max_open_requests, second_reminder_emails, no_show_alert_threshold, '
  'moves_confirmed_at_once).';

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
  'it replaces. One open move per appointment; the same request again returns it.';

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

-- A moved appointment goes among the past ones.
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
             'calendar_file', app_private.has_calendar_file(r.status, r.ends_at)
           ) as row,
           r.ends_at > now() and r.status not in ('scaduta', 'spostata') as upcoming,
           r.starts_at, r.created_at, r.id
      from api.client_reservations(client_reservation_sections.merchant_slug) as r
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
  'a file for it: confirmed and not ended).';

-- No 'move' while a move waits for the salon's answer.
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
