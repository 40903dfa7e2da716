-- Notifications on the phone (Web Push): each login's subscriptions, her choice of channels for booking
-- messages (e-mail and/or push, per salon), the salon's view of which channels reach a client, and 'push'
-- rows in the outbox for the same events as the e-mails.

alter table app.clients
  add column booking_emails boolean not null default true,
  add column booking_push boolean not null default true;
comment on column app.clients.booking_emails is
  'Whether her booking messages reach her by e-mail (her choice; marketing has its own consent).';
comment on column app.clients.booking_push is
  'Whether her booking messages reach her on the phone, once a browser of hers is subscribed.';

alter table app.notification_outbox drop constraint notification_outbox_channel_check;
alter table app.notification_outbox
  add constraint notification_outbox_channel_check check (channel in ('email', 'push'));

create table app.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  endpoint text not null unique
    check (endpoint ~ '^https://[^\s/?#]+' and char_length(endpoint) <= 1000),
  p256dh text not null check (p256dh ~ '^B[A-Za-z0-9_-]{86}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at timestamptz not null default now()
);
create index push_subscriptions_user_id_idx on app.push_subscriptions (user_id);
alter table app.push_subscriptions enable row level security;
grant select, delete on app.push_subscriptions to authenticated;
grant all on app.push_subscriptions to service_role;
comment on table app.push_subscriptions is
  'A browser''s Web Push subscription (endpoint and its keys, base64url) for one login; deleted with the login '
  'and when the push service answers 404 or 410.';

create policy "People see their own push subscriptions" on app.push_subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "People delete their own push subscriptions" on app.push_subscriptions
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- Definer: a browser's endpoint belongs to whoever turned notifications on there last, so saving it takes
-- it from another login of the same browser, whose row no policy lets the caller touch.
create function api.save_push_subscription(endpoint text, p256dh text, auth text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  given_p256dh text := rtrim(btrim(coalesce(save_push_subscription.p256dh, '')), '=');
  given_auth text := rtrim(btrim(coalesce(save_push_subscription.auth, '')), '=');
begin
  if caller is null then
    raise sqlstate '42501' using message = 'Accesso negato';
  end if;
  if save_push_subscription.endpoint is null
     or save_push_subscription.endpoint !~ '^https://[^\s/?#]+'
     or char_length(save_push_subscription.endpoint) > 1000 then
    raise sqlstate '22023' using message = 'Indirizzo delle notifiche non valido: serve un indirizzo https';
  end if;
  if given_p256dh !~ '^B[A-Za-z0-9_-]{86}$' or given_auth !~ '^[A-Za-z0-9_-]{22}$' then
    raise sqlstate '22023' using message = 'Chiavi delle notifiche non valide';
  end if;
  delete from app.push_subscriptions s where s.endpoint = save_push_subscription.endpoint;
  insert into app.push_subscriptions (user_id, endpoint, p256dh, auth)
  values (caller, save_push_subscription.endpoint, given_p256dh, given_auth);
  return jsonb_build_object('message', 'Notifiche sul telefono attivate');
end
$$;
grant execute on function api.save_push_subscription(text, text, text) to authenticated;
comment on function api.save_push_subscription(text, text, text) is
  'Any signed-in person: saves this browser''s Web Push subscription (https endpoint, p256dh of 65 bytes and '
  'auth of 16 bytes, base64url) for the caller; 22023 when malformed.';

create function api.delete_push_subscription(endpoint text) returns jsonb
language sql set search_path = ''
as $$
  with gone as (
    delete from app.push_subscriptions s where s.endpoint = delete_push_subscription.endpoint returning 1
  )
  select jsonb_build_object('deleted', (select count(*) from gone), 'message', 'Notifiche sul telefono disattivate')
$$;
grant execute on function api.delete_push_subscription(text) to authenticated;
comment on function api.delete_push_subscription(text) is
  'Any signed-in person: deletes the caller''s subscription with this endpoint (another person''s stays).';

-- Her channels at one salon
create function api.my_notification_channels(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(my_notification_channels.merchant_slug);
begin
  return (
    select jsonb_build_object(
      'email', c.booking_emails, 'push', c.booking_push,
      'subscriptions', (select count(*) from app.push_subscriptions s where s.user_id = c.user_id))
      from app.clients c where c.id = caller_client_id);
end
$$;
grant execute on function api.my_notification_channels(text) to authenticated;
comment on function api.my_notification_channels(text) is
  'Client only: whether the caller gets booking messages by e-mail and on the phone at this salon, and how '
  'many browsers of hers are subscribed.';

-- Definer: clients do not update these columns of their row otherwise; this changes two columns only.
create function api.set_my_notification_channels(merchant_slug text, email boolean, push boolean)
returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(set_my_notification_channels.merchant_slug);
begin
  if set_my_notification_channels.email is null or set_my_notification_channels.push is null then
    raise sqlstate '22023' using message = 'Indica se ricevere i messaggi per e-mail e sul telefono';
  end if;
  update app.clients c
     set booking_emails = set_my_notification_channels.email, booking_push = set_my_notification_channels.push
   where c.id = caller_client_id;
  return jsonb_build_object('email', set_my_notification_channels.email, 'push', set_my_notification_channels.push,
                            'message', 'Preferenze dei messaggi aggiornate');
end
$$;
grant execute on function api.set_my_notification_channels(text, boolean, boolean) to authenticated;
comment on function api.set_my_notification_channels(text, boolean, boolean) is
  'Client only: whether the caller gets booking messages (confirmations, proposals, rejections, '
  'cancellations, reminders) by e-mail and on the phone at this salon; marketing has its own consent.';

-- The channels that reach a client, as her salon's card shows them.
create function app_private.client_channels(client app.clients) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'email', client.booking_emails and btrim(client.email) <> '',
    'push', client.booking_push
            and exists (select 1 from app.push_subscriptions s where s.user_id = client.user_id))
$$;
grant execute on function app_private.client_channels(app.clients) to authenticated, service_role;

-- One 'push' row per subscription of this login (the recipient is the subscription's id).
create function app_private.enqueue_push(
  reservation app.reservations, kind text, account_id uuid, payload jsonb, send_after timestamptz default now())
returns void
language sql security definer set search_path = ''
as $$
  insert into app.notification_outbox (merchant_id, reservation_id, kind, channel, recipient, payload, send_after)
  select reservation.merchant_id, reservation.id, enqueue_push.kind, 'push', s.id::text, enqueue_push.payload,
         enqueue_push.send_after
    from app.push_subscriptions s
   where s.user_id = enqueue_push.account_id
$$;
revoke all on function app_private.enqueue_push(app.reservations, text, uuid, jsonb, timestamptz)
  from public, anon, authenticated;

-- A booking message to the customer, by each channel she chose.
create function app_private.notify_customer(
  reservation app.reservations, kind text, payload jsonb, send_after timestamptz default now())
returns void
language plpgsql security definer set search_path = ''
as $$
declare
  client app.clients;
begin
  select c.* into client from app.clients c where c.id = reservation.client_id;
  if client.booking_emails then
    insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload, send_after)
    values (reservation.merchant_id, reservation.id, notify_customer.kind, client.email, notify_customer.payload,
            notify_customer.send_after);
  end if;
  if client.booking_push and client.user_id is not null then
    perform app_private.enqueue_push(reservation, notify_customer.kind, client.user_id, notify_customer.payload,
                                     notify_customer.send_after);
  end if;
end
$$;
revoke all on function app_private.notify_customer(app.reservations, text, jsonb, timestamptz)
  from public, anon, authenticated;

create function app_private.push_subscription(subscription_id text) returns app.push_subscriptions
language sql stable set search_path = ''
as $$ select s.* from app.push_subscriptions s where s.id::text = push_subscription.subscription_id $$;
revoke all on function app_private.push_subscription(text) from public, anon, authenticated;
grant execute on function app_private.push_subscription(text) to service_role;

create function app_private.forget_push_subscription(subscription_id text) returns void
language sql set search_path = ''
as $$ delete from app.push_subscriptions s where s.id::text = forget_push_subscription.subscription_id $$;
revoke all on function app_private.forget_push_subscription(text) from public, anon, authenticated;
grant execute on function app_private.forget_push_subscription(text) to service_role;


-- The salon sees which channels reach each client
create or replace function api.merchant_clients(search text default null, page integer default 1, page_size integer default 10)
returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pattern text := app_private.search_pattern(merchant_clients.search);
  result jsonb;
begin
  perform app_private.check_page(merchant_clients.page, merchant_clients.page_size);
  with matching as (
    select c.id, c.code, c.name, c.email, c.phone, c.sponsor_id, c.available_credit, c.created_at
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
               'sponsor_code', p.sponsor_code, 'available_credit', p.available_credit, 'created_at', p.created_at,
               'channels', (select app_private.client_channels(k) from app.clients k where k.id = p.id)
             ) order by p.created_at desc, p.code desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;


-- The reservation trigger writes each customer message by the channels she chose
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
      insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
      values (new.merchant_id, new.id, 'new_request', salon.email, notice);
    end if;
    if new.status = 'in attesa' and salon.user_id is not null then
      perform app_private.enqueue_push(new, 'new_request', salon.user_id, notice);
    end if;
    return null;
  end if;

  if new.status = old.status then
    return null;
  end if;

  if new.status = 'confermata' then
    perform app_private.notify_customer(new, 'confirmation', notice);
    if salon.reminder_emails and app_private.reminder_due(new.starts_at) > now() then
      perform app_private.notify_customer(new, 'reminder', notice, app_private.reminder_due(new.starts_at));
    end if;
  elsif new.status = 'modificata' then
    perform app_private.notify_customer(new, 'change_proposed',
            notice || jsonb_build_object(
              'previous_date', to_char(old.starts_at at time zone 'Europe/Rome', 'DD-MM-YYYY'),
              'previous_time', to_char(old.starts_at at time zone 'Europe/Rome', 'HH24:MI')));
  elsif new.status = 'rifiutata' and old.status = 'in attesa' then
    perform app_private.notify_customer(new, 'rejection', notice);
  elsif new.status = 'annullata' then
    delete from app.notification_outbox n
     where n.reservation_id = new.id and n.kind = 'reminder' and n.sent_at is null;
    cancelled_by_salon := app_private.current_merchant_id() is not distinct from new.merchant_id;
    perform app_private.notify_customer(new, 'cancellation',
            notice || jsonb_build_object('cancelled_by_salon', cancelled_by_salon));
  end if;
  return null;
end
$$;
comment on function app_private.enqueue_reservation_notifications() is
  'Trigger: writes the e-mails and phone notifications a reservation change announces into '
  'app.notification_outbox, in the same transaction.';
