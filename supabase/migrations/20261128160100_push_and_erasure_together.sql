-- The customer's messages hold both of the day's rules: her chosen channels (e-mail, phone) and nothing
-- to an erased client; the salon's client list shows her channels and no credit for an erased client.

create or replace function app_private.notify_customer(
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
               'channels', (select app_private.client_channels(k) from app.clients k where k.id = p.id)
             ) order by p.created_at desc, p.code desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
comment on function api.merchant_clients(text, integer, integer) is
  'Merchant only: its clients, newest first, one page at a time; search matches name, code, e-mail or phone. '
  'An erased client has no credit (available_credit null).';
