-- The day's rules on the outbox and the salon's lists, together: her channels, nothing to an erased
-- client, the second reminder and its drop when turned off, grouped new requests, the 7-day cleanup; the
-- client list with her channels, her WhatsApp link and no credit when erased; the booking settings with
-- the open-request limit and the second reminder.

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
                   'second_reminder_emails', m.second_reminder_emails)
            from app.merchants m where m.id = caller_merchant_id);
end
$$;
comment on function api.booking_settings() is
  'Merchant only: its booking settings (cancellation_notice_hours, address, new_request_emails, '
  'reminder_emails, max_open_requests, second_reminder_emails).';

create or replace function api.merchant_clients(search text default null, page integer default 1, page_size integer default 10)
returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pattern text := app_private.search_pattern(merchant_clients.search);
  salon_name text := (select m.name from app.merchants m where m.id = caller_merchant_id);
  result jsonb;
begin
  perform app_private.check_page(merchant_clients.page, merchant_clients.page_size);
  with matching as (
    select c.id, c.code, c.name, c.email, c.phone, c.sponsor_id, c.available_credit, c.erased_at, c.created_at
      from app.clients c
     where c.merchant_id = caller_merchant_id
       and (pattern is null
            or lower(c.name) like pattern or lower(c.code) like pattern
            or lower(c.email) like pattern or lower(coalesce(c.phone, '')) like pattern)
  ),
  page_rows as (
    select mc.*, s.code as sponsor_code
      from matching mc
      left join app.clients s on s.id = mc.sponsor_id
     order by mc.created_at desc, mc.code desc
     limit merchant_clients.page_size offset (merchant_clients.page - 1) * merchant_clients.page_size
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'clients', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'code', p.code, 'name', p.name, 'email', p.email, 'phone', p.phone,
               'sponsor_code', p.sponsor_code, 'created_at', p.created_at,
               'available_credit', case when p.erased_at is null then p.available_credit end,
               'channels', (select app_private.client_channels(k) from app.clients k where k.id = p.id),
               'whatsapp', app_private.client_whatsapp(p.name, p.phone, salon_name)
             ) order by p.created_at desc, p.code desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
comment on function api.merchant_clients(text, integer, integer) is
  'Merchant only: its clients, newest first, one page at a time; search matches name, code, e-mail or phone. '
  'An erased client has no credit (available_credit null). Each has whatsapp: the wa.me link of a greeting '
  'from the salon, or {missing_reason}.';

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
comment on function app_private.claim_notifications(integer, integer) is
  'Claims up to batch_size due e-mails for lease_seconds (skipping rows another sender holds), with every '
  'due new request of the same salon and address as one of them, and counts the attempt; first enqueues the '
  'expiry e-mails of requests that just expired, removes the accounts whose address was not confirmed in 7 '
  'days, and drops reminders that no longer apply.';

create or replace function app_private.enqueue_reservation_notifications() returns trigger
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
    if salon.reminder_emails and app_private.reminder_due(new.starts_at) > now() then
      perform app_private.notify_customer(new, 'reminder', notice, app_private.reminder_due(new.starts_at));
    end if;
    if salon.second_reminder_emails and app_private.second_reminder_due(new.starts_at) > now() then
      perform app_private.notify_customer(new, 'reminder', notice || jsonb_build_object('second_reminder', true),
                                          app_private.second_reminder_due(new.starts_at));
    end if;
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
