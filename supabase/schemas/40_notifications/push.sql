-- Notifications on the phone (Web Push): each login's browser subscriptions, the functions that save and
-- delete one, and the rows the reservation trigger writes into app.notification_outbox for channel 'push'.

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
  -- No address (an erased client): no e-mail is written to her; without a login, no phone either.
  if client.booking_emails and btrim(coalesce(client.email, '')) <> '' then
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
-- The expiry notices are written by the outbox's drain (app_private.enqueue_expiry_notices).
grant execute on function app_private.notify_customer(app.reservations, text, jsonb, timestamptz) to service_role;

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
