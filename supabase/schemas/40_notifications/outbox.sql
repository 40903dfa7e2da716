-- E-mails about reservations: the outbox the triggers fill and the server drains, and each salon's
-- e-mail settings.

-- The outbox
create table app.notification_outbox (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  reservation_id uuid references app.reservations (id) on delete set null,
  kind text not null,
  channel text not null default 'email' check (channel in ('email', 'push')),
  recipient text not null check (btrim(recipient) <> '' and length(recipient) <= 254),
  payload jsonb not null,
  send_after timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text check (last_error is null or length(last_error) <= 1000),
  claimed_until timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint notification_outbox_kind_check
    check (kind in ('new_request', 'confirmation', 'change_proposed', 'rejection', 'cancellation', 'reminder',
                    'expiry', 'address_confirmation', 'waitlist_slot'))
);
create index notification_outbox_due_idx on app.notification_outbox (send_after) where sent_at is null;
create index notification_outbox_reservation_id_idx on app.notification_outbox (reservation_id);
create index notification_outbox_merchant_id_idx on app.notification_outbox (merchant_id);
create unique index notification_outbox_one_expiry_idx
  on app.notification_outbox (reservation_id, channel, recipient) where kind = 'expiry';
alter table app.notification_outbox enable row level security;
revoke all on app.notification_outbox from anon, authenticated;
grant all on app.notification_outbox to service_role;
comment on table app.notification_outbox is
  'E-mails to send, written by the same transaction as the reservation change they announce; sent by the '
  'server or a scheduled worker (service role), never readable by customers or salons.';

-- What an e-mail says about a reservation
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

-- A salon's new requests wait 5 minutes and go as one e-mail: a request joins the salon's waiting
-- group, or starts one.
create function app_private.new_request_send_after(merchant_id uuid) returns timestamptz
language sql stable set search_path = ''
as $$
  select coalesce(min(n.send_after), now() + interval '5 minutes')
    from app.notification_outbox n
   where n.merchant_id = new_request_send_after.merchant_id and n.kind = 'new_request'
     and n.sent_at is null and n.attempts = 0 and n.send_after > now()
$$;
grant execute on function app_private.new_request_send_after(uuid) to service_role;

-- The second reminder: 2 real hours before the start, on the days the clocks change too.
create function app_private.second_reminder_due(starts_at timestamptz) returns timestamptz
language sql immutable set search_path = ''
as $$ select second_reminder_due.starts_at - interval '2 hours' $$;
grant execute on function app_private.second_reminder_due(timestamptz) to service_role;

-- A confirmed appointment's reminders, 24 and 2 real hours before it, as the salon chose.
create function app_private.enqueue_reminders(reservation app.reservations) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  salon app.merchants;
  notice jsonb := app_private.reservation_notice(reservation);
begin
  select m.* into salon from app.merchants m where m.id = reservation.merchant_id;
  if salon.reminder_emails and app_private.reminder_due(reservation.starts_at) > now() then
    perform app_private.notify_customer(reservation, 'reminder', notice,
                                        app_private.reminder_due(reservation.starts_at));
  end if;
  if salon.second_reminder_emails and app_private.second_reminder_due(reservation.starts_at) > now() then
    perform app_private.notify_customer(reservation, 'reminder',
                                        notice || jsonb_build_object('second_reminder', true),
                                        app_private.second_reminder_due(reservation.starts_at));
  end if;
end
$$;

create function app_private.enqueue_reservation_notifications() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  salon app.merchants;
  notice jsonb;
  cancelled_by_salon boolean;
begin
  select m.* into salon from app.merchants m where m.id = new.merchant_id;
  notice := app_private.reservation_notice(new);

  if tg_op = 'INSERT' then
    if new.status = 'in attesa' and salon.new_request_emails then
      insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload, send_after)
      values (new.merchant_id, new.id, 'new_request', salon.email, notice,
              app_private.new_request_send_after(new.merchant_id));
    end if;
    if new.status = 'in attesa' and salon.user_id is not null then
      perform app_private.enqueue_push(new, 'new_request', salon.user_id, notice);
    end if;
    return null;
  end if;

  if new.status = old.status then
    return null;
  end if;
  if new.status = 'annullata' then
    delete from app.notification_outbox n
     where n.reservation_id = new.id and n.kind = 'reminder' and n.sent_at is null;
  end if;
  if new.status = 'confermata' then
    perform app_private.notify_customer(new, 'confirmation', notice);
    perform app_private.enqueue_reminders(new);
  elsif new.status = 'modificata' then
    perform app_private.notify_customer(new, 'change_proposed',
            notice || jsonb_build_object(
              'previous_date', to_char(old.starts_at at time zone 'Europe/Rome', 'DD-MM-YYYY'),
              'previous_time', to_char(old.starts_at at time zone 'Europe/Rome', 'HH24:MI')));
  elsif new.status = 'rifiutata' and old.status = 'in attesa' then
    perform app_private.notify_customer(new, 'rejection', notice);
  elsif new.status = 'annullata' then
    cancelled_by_salon := app_private.current_merchant_id() is not distinct from new.merchant_id;
    perform app_private.notify_customer(new, 'cancellation',
            notice || jsonb_build_object('cancelled_by_salon', cancelled_by_salon));
  end if;
  return null;
end
$$;
comment on function app_private.enqueue_reservation_notifications() is
  'Trigger: writes the e-mails and phone notifications a reservation change announces into '
  'app.notification_outbox, in the same transaction; none to a customer without an address (an erased '
  'client, whose erasure cancels her reservations without telling her).';

-- Sending: claim, then mark sent or failed (service role: the server and the drain script)
create function app_private.notification_max_attempts() returns integer
language sql immutable set search_path = ''
as $$ select 5 $$;
grant execute on function app_private.notification_max_attempts() to service_role;

create or replace function app_private.claim_notifications(batch_size integer, lease_seconds integer)
returns setof app.notification_outbox
language plpgsql set search_path = ''
as $$
declare
  picked uuid[];
begin
  perform app_private.enqueue_expiry_notices();
  perform app_private.remove_unconfirmed_accounts();

  -- A reminder whose appointment was cancelled, moved or deleted, or whose salon turned reminders off,
  -- is dropped unsent.
  delete from app.notification_outbox n
   where n.id in (
     select d.id from app.notification_outbox d
      where d.kind = 'reminder' and d.sent_at is null and d.send_after <= now()
        and not exists (
          select 1 from app.reservations r join app.merchants m on m.id = r.merchant_id
           where r.id = d.reservation_id and r.status = 'confermata'
             and case when d.payload ? 'second_reminder' then m.second_reminder_emails else m.reminder_emails end
             and r.starts_at = (d.payload ->> 'starts_at')::timestamptz)
      for update skip locked);

  select array_agg(d.id) into picked from (
    select o.id from app.notification_outbox o
     where o.sent_at is null and o.send_after <= now()
       and (o.claimed_until is null or o.claimed_until < now())
       and o.attempts < app_private.notification_max_attempts()
     order by o.send_after, o.created_at
     limit claim_notifications.batch_size
       for update skip locked) d;

  -- With a salon's new request come all its due new requests to the same address, to go as one e-mail.
  return query
    update app.notification_outbox n
       set claimed_until = now() + make_interval(secs => claim_notifications.lease_seconds),
           attempts = n.attempts + 1
     where n.id = any (picked)
        or n.id in (
          select g.id from app.notification_outbox g
           where g.kind = 'new_request' and g.sent_at is null and g.send_after <= now()
             and (g.claimed_until is null or g.claimed_until < now())
             and g.attempts < app_private.notification_max_attempts()
             and (g.merchant_id, g.recipient) in (
               select p.merchant_id, p.recipient from app.notification_outbox p
                where p.id = any (picked) and p.kind = 'new_request')
             for update skip locked)
    returning n.*;
end
$$;
revoke all on function app_private.claim_notifications(integer, integer) from anon, authenticated;
grant execute on function app_private.claim_notifications(integer, integer) to service_role;
comment on function app_private.claim_notifications(integer, integer) is
  'Claims up to batch_size due e-mails for lease_seconds (skipping rows another sender holds), with every '
  'due new request of the same salon and address as one of them, and counts the attempt; first enqueues the '
  'expiry e-mails of requests that just expired, removes the accounts whose address was not confirmed in 7 '
  'days, and drops reminders that no longer apply.';

create function app_private.mark_notification_sent(notification_id uuid) returns void
language sql set search_path = ''
as $$
  update app.notification_outbox n set sent_at = now(), claimed_until = null, last_error = null
   where n.id = mark_notification_sent.notification_id
$$;
revoke all on function app_private.mark_notification_sent(uuid) from anon, authenticated;
grant execute on function app_private.mark_notification_sent(uuid) to service_role;

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
revoke all on function app_private.mark_notification_failed(uuid, text) from anon, authenticated;
grant execute on function app_private.mark_notification_failed(uuid, text) to service_role;

-- Definer: merchants do not update their own merchant row otherwise; this changes three columns only.
create function api.set_booking_emails(
  new_request_emails boolean,
  reminder_emails boolean,
  second_reminder_emails boolean default null
) returns jsonb
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
         reminder_emails = set_booking_emails.reminder_emails,
         second_reminder_emails = coalesce(set_booking_emails.second_reminder_emails, m.second_reminder_emails)
   where m.id = caller_merchant_id;
  return jsonb_build_object('message', 'Impostazioni delle e-mail aggiornate');
end
$$;
grant execute on function api.set_booking_emails(boolean, boolean, boolean) to authenticated;
comment on function api.set_booking_emails(boolean, boolean, boolean) is
  'Merchant only: whether it gets an e-mail for each new request, whether its customers get a reminder '
  '24 hours before a confirmed appointment, and a second one 2 hours before (null: unchanged).';

create function app_private.enqueue_expiry_notices() returns integer
language plpgsql set search_path = ''
as $$
declare
  expired app.reservations;
  told integer := 0;
begin
  -- One run at a time, so two drains never tell the same request twice.
  perform pg_advisory_xact_lock(hashtextextended('enqueue_expiry_notices', 0));
  for expired in
    select r.* from app.reservations r
     where r.status in ('in attesa', 'modificata')
       and app_private.shown_status(r.status, r.starts_at) = 'scaduta'
       and r.starts_at > now() - interval '1 day'
       and not exists (select 1 from app.notification_outbox o where o.reservation_id = r.id and o.kind = 'expiry')
  loop
    perform app_private.notify_customer(
      expired, 'expiry',
      app_private.reservation_notice(expired) || jsonb_build_object('expired_proposal', expired.status = 'modificata'));
    told := told + 1;
  end loop;
  return told;
end
$$;
revoke all on function app_private.enqueue_expiry_notices() from public, anon, authenticated;
grant execute on function app_private.enqueue_expiry_notices() to service_role;
comment on function app_private.enqueue_expiry_notices() is
  'Tells each request that became ''scaduta'' in the last day and has not been told yet, by the channels '
  'she chose (e-mail, phone: app_private.notify_customer); returns how many requests it told.';

create trigger reservations_enqueue_notifications
  after insert or update of status on app.reservations
  for each row execute function app_private.enqueue_reservation_notifications();
