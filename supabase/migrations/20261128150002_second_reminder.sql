-- A second reminder, 2 hours before a confirmed appointment: a salon setting (off by default), queued by the
-- trigger that queues the 24-hour one, dropped unsent when the salon turns it off; the reminder status shows
-- the latest reminder tried, else the next one.

alter table app.merchants add column second_reminder_emails boolean not null default false;
comment on column app.merchants.second_reminder_emails is
  'Whether customers also get a second reminder e-mail 2 hours before a confirmed appointment (off by default).';

-- The second reminder: 2 real hours before the start, on the days the clocks change too.
create function app_private.second_reminder_due(starts_at timestamptz) returns timestamptz
language sql immutable set search_path = ''
as $$ select second_reminder_due.starts_at - interval '2 hours' $$;
grant execute on function app_private.second_reminder_due(timestamptz) to service_role;

create or replace function app_private.enqueue_reservation_notifications() returns trigger
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
    if salon.second_reminder_emails and app_private.second_reminder_due(new.starts_at) > now() then
      insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload, send_after)
      values (new.merchant_id, new.id, 'reminder', customer_email,
              notice || jsonb_build_object('second_reminder', true),
              app_private.second_reminder_due(new.starts_at));
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

create or replace function app_private.claim_notifications(batch_size integer, lease_seconds integer)
returns setof app.notification_outbox
language plpgsql set search_path = ''
as $$
begin
  perform app_private.enqueue_expiry_notices();

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
revoke all on function app_private.claim_notifications(integer, integer) from anon, authenticated;
grant execute on function app_private.claim_notifications(integer, integer) to service_role;
comment on function app_private.claim_notifications(integer, integer) is
  'Claims up to batch_size due e-mails for lease_seconds (skipping rows another sender holds) and counts the '
  'attempt; first enqueues the expiry e-mails of requests that just expired, and drops reminders that no '
  'longer apply.';

drop function api.set_booking_emails(boolean, boolean);

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
                   'second_reminder_emails', m.second_reminder_emails)
            from app.merchants m where m.id = caller_merchant_id);
end
$$;
grant execute on function api.booking_settings() to authenticated;
comment on function api.booking_settings() is
  'Merchant only: its booking settings (cancellation_notice_hours, address, new_request_emails, '
  'reminder_emails, second_reminder_emails).';

-- Definer: app.notification_outbox is the service role's; this reads the reminder rows of one of the caller's
-- own reservations only.
create or replace function app_private.reminder_status(reservation_id uuid) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
           'channel', n.channel,
           'status', case when n.sent_at is not null then 'sent'
                          when n.attempts >= app_private.notification_max_attempts() then 'failed'
                          when n.last_error is not null then 'retrying'
                          else 'scheduled' end,
           'error', case when n.sent_at is null then n.last_error end,
           'send_after', n.send_after,
           'sent_at', n.sent_at,
           'hours_before', case when n.payload ? 'second_reminder' then 2 else 24 end)
    from app.notification_outbox n
    join app.reservations r on r.id = n.reservation_id
   where n.reservation_id = reminder_status.reservation_id and n.kind = 'reminder'
     and r.merchant_id = app_private.current_merchant_id()
   -- The latest reminder tried, else the next one to send.
   order by (n.attempts > 0) desc, case when n.attempts > 0 then n.send_after end desc, n.send_after
   limit 1
$$;
grant execute on function app_private.reminder_status(uuid) to authenticated, service_role;
comment on function app_private.reminder_status(uuid) is
  'The caller''s appointment''s reminder: {channel, status sent|failed (no attempt left)|retrying|scheduled, '
  'error (the last failure while unsent), send_after, sent_at, hours_before 24|2}: the latest reminder tried, '
  'else the next one; null without a reminder.';
