-- E-mail notifications through an outbox.
-- * A trigger on app.reservations writes, in the same transaction as the change, one row per e-mail into
--   app.notification_outbox: every path that changes a reservation (book, confirm, modify, accept,
--   decline, reject, cancel) notifies, and a change that rolls back notifies nobody.
-- * Customer e-mails: confirmation, change proposed, rejection, cancellation, and a reminder 24 hours
--   before a confirmed appointment (salon setting reminder_emails). Salon e-mail: a new request (salon
--   setting new_request_emails). A customer declining the salon's change gets no e-mail.
-- * The reminder waits in the outbox until starts_at - 24 hours (exact interval arithmetic on
--   timestamptz, right on the days the clocks change); it is deleted when the appointment is cancelled,
--   and the claim skips it when the appointment or the setting has changed since.
-- * The server (or `npm run mail:drain` on a hosted project) claims due rows with
--   app_private.claim_notifications (for update skip locked, with a lease), sends them and marks them
--   sent or failed; a failed row is retried with backoff up to app_private.notification_max_attempts().
-- * channel is 'email' today; SMS or WhatsApp would be other channels of the same rows.
-- * The outbox holds the e-mail's data as it was at the change (payload), so a later edit of the salon
--   or a deleted reservation does not change what was announced.

-- ============================================================================
-- The salon's settings: address (calendar entries) and which e-mails it sends
-- ============================================================================
alter table app.merchants
  add column address text check (address is null or (btrim(address) <> '' and length(address) <= 255)),
  add column new_request_emails boolean not null default true,
  add column reminder_emails boolean not null default true;
comment on column app.merchants.address is
  'The salon''s street address, shown in calendar entries and e-mails (optional).';
comment on column app.merchants.new_request_emails is
  'Whether the salon gets an e-mail for every new booking request.';
comment on column app.merchants.reminder_emails is
  'Whether customers get a reminder e-mail 24 hours before a confirmed appointment.';

-- ============================================================================
-- The outbox
-- ============================================================================
create table app.notification_outbox (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  reservation_id uuid references app.reservations (id) on delete set null,
  kind text not null
    check (kind in ('new_request', 'confirmation', 'change_proposed', 'rejection', 'cancellation', 'reminder')),
  channel text not null default 'email' check (channel in ('email')),
  recipient text not null check (btrim(recipient) <> '' and length(recipient) <= 254),
  payload jsonb not null,
  send_after timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text check (last_error is null or length(last_error) <= 1000),
  claimed_until timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table app.notification_outbox is
  'E-mails to send, written by the same transaction as the reservation change they announce; sent by the '
  'server or a scheduled worker (service role), never readable by customers or salons.';
create index notification_outbox_due_idx on app.notification_outbox (send_after) where sent_at is null;
create index notification_outbox_reservation_id_idx on app.notification_outbox (reservation_id);
create index notification_outbox_merchant_id_idx on app.notification_outbox (merchant_id);

alter table app.notification_outbox enable row level security;
-- No policy: customers and salons neither read nor write it (the trigger writes as its owner).
revoke all on app.notification_outbox from anon, authenticated;
grant all on app.notification_outbox to service_role;

-- ============================================================================
-- What an e-mail says about a reservation
-- ============================================================================
create function app_private.reservation_notice(reservation app.reservations) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'salon_name', m.name,
    'salon_phone', m.phone,
    'salon_address', coalesce(m.address, ''),
    'client_name', c.name,
    'treatment', reservation.treatment_name,
    'operator', coalesce(o.name, reservation.operator_name, 'Nessuna preferenza'),
    'date', to_char(reservation.starts_at at time zone 'Europe/Rome', 'DD-MM-YYYY'),
    'time', to_char(reservation.starts_at at time zone 'Europe/Rome', 'HH24:MI'),
    'starts_at', reservation.starts_at,
    'notes', reservation.notes)
    from app.merchants m
    join app.clients c on c.id = reservation.client_id
    left join app.operators o on o.id = reservation.operator_id
   where m.id = reservation.merchant_id
$$;

-- 24 real hours before the start (timestamptz arithmetic: on the days the clocks change too).
create function app_private.reminder_due(starts_at timestamptz) returns timestamptz
language sql immutable set search_path = ''
as $$ select reminder_due.starts_at - interval '24 hours' $$;
grant execute on function app_private.reminder_due(timestamptz) to service_role;

create function app_private.enqueue_reservation_notifications() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  salon app.merchants;
  customer_email text;
  notice jsonb;
  cancelled_by_salon boolean;
begin
  select m.* into salon from app.merchants m where m.id = new.merchant_id;
  select c.email into customer_email from app.clients c where c.id = new.client_id;
  notice := app_private.reservation_notice(new);

  if tg_op = 'INSERT' then
    if new.status = 'in attesa' and salon.new_request_emails then
      insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
      values (new.merchant_id, new.id, 'new_request', salon.email, notice);
    end if;
    return null;
  end if;

  if new.status = old.status then
    return null;
  end if;

  if new.status = 'confermata' then
    insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
    values (new.merchant_id, new.id, 'confirmation', customer_email, notice);
    if salon.reminder_emails and app_private.reminder_due(new.starts_at) > now() then
      insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload, send_after)
      values (new.merchant_id, new.id, 'reminder', customer_email, notice, app_private.reminder_due(new.starts_at));
    end if;
  elsif new.status = 'modificata' then
    insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
    values (new.merchant_id, new.id, 'change_proposed', customer_email,
            notice || jsonb_build_object(
              'previous_date', to_char(old.starts_at at time zone 'Europe/Rome', 'DD-MM-YYYY'),
              'previous_time', to_char(old.starts_at at time zone 'Europe/Rome', 'HH24:MI')));
  elsif new.status = 'rifiutata' and old.status = 'in attesa' then
    insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
    values (new.merchant_id, new.id, 'rejection', customer_email, notice);
  elsif new.status = 'annullata' then
    delete from app.notification_outbox n
     where n.reservation_id = new.id and n.kind = 'reminder' and n.sent_at is null;
    cancelled_by_salon := app_private.current_merchant_id() is not distinct from new.merchant_id;
    insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
    values (new.merchant_id, new.id, 'cancellation', customer_email,
            notice || jsonb_build_object('cancelled_by_salon', cancelled_by_salon));
  end if;
  return null;
end
$$;
comment on function app_private.enqueue_reservation_notifications() is
  'Trigger: writes the e-mails a reservation change announces into app.notification_outbox, in the same '
  'transaction.';

create trigger reservations_enqueue_notifications
  after insert or update of status on app.reservations
  for each row execute function app_private.enqueue_reservation_notifications();

-- ============================================================================
-- Sending: claim, then mark sent or failed (service role: the server and the drain script)
-- ============================================================================
create function app_private.notification_max_attempts() returns integer
language sql immutable set search_path = ''
as $$ select 5 $$;

create function app_private.claim_notifications(batch_size integer, lease_seconds integer)
returns setof app.notification_outbox
language plpgsql set search_path = ''
as $$
begin
  -- A reminder whose appointment was cancelled, moved or deleted, or whose salon turned reminders off,
  -- is dropped unsent.
  delete from app.notification_outbox n
   where n.id in (
     select d.id from app.notification_outbox d
      where d.kind = 'reminder' and d.sent_at is null and d.send_after <= now()
        and not exists (
          select 1 from app.reservations r join app.merchants m on m.id = r.merchant_id
           where r.id = d.reservation_id and r.status = 'confermata' and m.reminder_emails
             and r.starts_at = (d.payload ->> 'starts_at')::timestamptz)
      for update skip locked);

  return query
    update app.notification_outbox n
       set claimed_until = now() + make_interval(secs => claim_notifications.lease_seconds),
           attempts = n.attempts + 1
     where n.id in (
       select d.id from app.notification_outbox d
        where d.sent_at is null and d.send_after <= now()
          and (d.claimed_until is null or d.claimed_until < now())
          and d.attempts < app_private.notification_max_attempts()
        order by d.send_after, d.created_at
        limit claim_notifications.batch_size
        for update skip locked)
    returning n.*;
end
$$;
comment on function app_private.claim_notifications(integer, integer) is
  'Claims up to batch_size due e-mails for lease_seconds (skipping rows another sender holds) and counts the '
  'attempt; drops reminders that no longer apply.';

create function app_private.mark_notification_sent(notification_id uuid) returns void
language sql set search_path = ''
as $$
  update app.notification_outbox n set sent_at = now(), claimed_until = null, last_error = null
   where n.id = mark_notification_sent.notification_id
$$;

-- Backoff: 1, 4, 9, 16 minutes after the 1st, 2nd, 3rd, 4th failure; the 5th failure is final.
create function app_private.mark_notification_failed(notification_id uuid, error text) returns void
language sql set search_path = ''
as $$
  update app.notification_outbox n
     set claimed_until = null,
         last_error = left(coalesce(mark_notification_failed.error, ''), 1000),
         send_after = now() + make_interval(mins => n.attempts * n.attempts)
   where n.id = mark_notification_failed.notification_id
$$;

revoke all on function app_private.claim_notifications(integer, integer),
  app_private.mark_notification_sent(uuid), app_private.mark_notification_failed(uuid, text)
  from anon, authenticated;
grant execute on function app_private.notification_max_attempts(),
  app_private.claim_notifications(integer, integer), app_private.mark_notification_sent(uuid),
  app_private.mark_notification_failed(uuid, text)
  to service_role;

-- ============================================================================
-- The calendar entry (.ics) of a confirmed appointment: one home for e-mails and the browser
-- ============================================================================
create function app_private.ics_text(value text) returns text
language sql immutable set search_path = ''
as $$
  select replace(replace(replace(replace(replace(coalesce(ics_text.value, ''),
           '\', '\\'), ';', '\;'), ',', '\,'), E'\r\n', '\n'), E'\n', '\n')
$$;

-- RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and a space, never inside a character.
create function app_private.ics_fold(line text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  folded text := '';
  current_octets integer := 0;
  limit_octets integer := 75;
  ch text;
begin
  foreach ch in array regexp_split_to_array(ics_fold.line, '') loop
    if current_octets + octet_length(ch) > limit_octets then
      folded := folded || E'\r\n ';
      current_octets := 1;
      limit_octets := 75;
    end if;
    folded := folded || ch;
    current_octets := current_octets + octet_length(ch);
  end loop;
  return folded;
end
$$;

create function app_private.reservation_ics(reservation_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select string_agg(app_private.ics_fold(line), E'\r\n' order by position) || E'\r\n'
    from app.reservations r
    join app.merchants m on m.id = r.merchant_id
    left join app.operators o on o.id = r.operator_id
    cross join lateral unnest(array[
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Passaparola//Prenotazioni//IT',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Rome',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'TZNAME:CEST',
      'DTSTART:19700329T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'TZNAME:CET',
      'DTSTART:19701025T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:' || r.id || '@passaparola',
      'DTSTAMP:' || to_char(r.updated_at at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"'),
      'DTSTART;TZID=Europe/Rome:' || to_char(r.starts_at at time zone 'Europe/Rome', 'YYYYMMDD"T"HH24MISS'),
      'DTEND;TZID=Europe/Rome:' || to_char(r.ends_at at time zone 'Europe/Rome', 'YYYYMMDD"T"HH24MISS'),
      'SUMMARY:' || app_private.ics_text(r.treatment_name || ' - ' || m.name),
      'LOCATION:' || app_private.ics_text(coalesce(m.address, m.name)),
      'DESCRIPTION:' || app_private.ics_text(
        'Operatore: ' || coalesce(o.name, r.operator_name, 'Nessuna preferenza') || E'\n'
        || 'Telefono del salone: ' || m.phone),
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR'
    ]) with ordinality as lines (line, position)
   where r.id = reservation_ics.reservation_id and r.status = 'confermata'
$$;
comment on function app_private.reservation_ics(uuid) is
  'The iCalendar entry of a confirmed appointment (Europe/Rome with its VTIMEZONE, CRLF, escaped and folded '
  'lines); null when it is not confirmed. Callers check who may read it.';
revoke all on function app_private.reservation_ics(uuid) from anon;
grant execute on function app_private.ics_text(text), app_private.ics_fold(text) to authenticated, service_role;
grant execute on function app_private.reservation_ics(uuid) to authenticated, service_role;

create function api.reservation_ics(reservation_id uuid) returns text
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.current_merchant_id();
  wanted app.reservations;
  entry text;
begin
  if caller_merchant_id is not null then
    wanted := app_private.merchant_reservation(reservation_ics.reservation_id, caller_merchant_id);
  else
    wanted := app_private.client_reservation(reservation_ics.reservation_id);
  end if;
  entry := app_private.reservation_ics(wanted.id);
  if entry is null then
    raise sqlstate 'P0001' using message = 'Solo un appuntamento confermato si può aggiungere al calendario';
  end if;
  return entry;
end
$$;
comment on function api.reservation_ics(uuid) is
  'The customer of the reservation or its salon: the .ics calendar entry of a confirmed appointment '
  '(text/calendar, Europe/Rome, the salon''s address and phone), the same one the confirmation e-mail '
  'attaches.';
grant execute on function api.reservation_ics(uuid) to authenticated;

-- ============================================================================
-- Settings
-- ============================================================================
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
                   'reminder_emails', m.reminder_emails)
            from app.merchants m where m.id = caller_merchant_id);
end
$$;
comment on function api.booking_settings() is
  'Merchant only: its booking settings (cancellation_notice_hours, address, new_request_emails, '
  'reminder_emails).';

-- Definer: merchants do not update their own merchant row otherwise; this changes two columns only.
create function api.set_booking_emails(new_request_emails boolean, reminder_emails boolean) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_booking_emails.new_request_emails is null or set_booking_emails.reminder_emails is null then
    raise sqlstate 'P0001' using message = 'Indica se inviare le e-mail di nuova richiesta e i promemoria';
  end if;
  update app.merchants m
     set new_request_emails = set_booking_emails.new_request_emails,
         reminder_emails = set_booking_emails.reminder_emails
   where m.id = caller_merchant_id;
  return jsonb_build_object('message', 'Impostazioni delle e-mail aggiornate');
end
$$;
comment on function api.set_booking_emails(boolean, boolean) is
  'Merchant only: whether it gets an e-mail for each new request and whether its customers get a reminder '
  '24 hours before a confirmed appointment.';
grant execute on function api.set_booking_emails(boolean, boolean) to authenticated;

create function api.set_salon_address(address text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  cleaned text := nullif(btrim(coalesce(set_salon_address.address, '')), '');
begin
  if length(cleaned) > 255 then
    raise sqlstate '22001' using message = 'L''indirizzo può contenere al massimo 255 caratteri';
  end if;
  update app.merchants m set address = cleaned where m.id = caller_merchant_id;
  return jsonb_build_object('message', 'Indirizzo del salone aggiornato');
end
$$;
comment on function api.set_salon_address(text) is
  'Merchant only: the salon''s street address for calendar entries and e-mails (empty clears it; at most 255 '
  'characters).';
grant execute on function api.set_salon_address(text) to authenticated;
