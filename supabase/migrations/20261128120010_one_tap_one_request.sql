-- ============================================================================
-- One tap is one request; one customer cannot bury a salon
-- ============================================================================
-- api.book_reservation returns the customer's pending request when she asks for the same one again
-- (a double tap, two racing calls: one customer's bookings are taken one at a time), and refuses a
-- request beyond the salon's max_open_requests open ones (default 3, set with
-- api.set_max_open_requests, read in api.booking_settings). A salon's new-request e-mails wait
-- 5 minutes and are claimed together, so that the sender writes one e-mail listing them.

alter table app.merchants
  add column max_open_requests integer not null default 3
    constraint merchants_max_open_requests_1_to_100 check (max_open_requests between 1 and 100);
comment on column app.merchants.max_open_requests is
  'How many open requests (pending, or a proposed change awaiting her answer) one customer may have at '
  'the salon at once (1-100, default 3).';

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
                   'max_open_requests', m.max_open_requests)
            from app.merchants m where m.id = caller_merchant_id);
end
$$;
grant execute on function api.booking_settings() to authenticated;
comment on function api.booking_settings() is
  'Merchant only: its booking settings (cancellation_notice_hours, address, new_request_emails, '
  'reminder_emails, max_open_requests).';

-- How many open requests one customer may have at the salon, for a customer who cannot read the
-- merchant row (definer).
create function app_private.open_request_limit(merchant_id uuid) returns integer
language sql stable security definer set search_path = ''
as $$
  select m.max_open_requests from app.merchants m where m.id = open_request_limit.merchant_id
$$;
grant execute on function app_private.open_request_limit(uuid) to authenticated, service_role;

-- Definer: merchants do not update their own merchant row otherwise; this changes one column only.
create function api.set_max_open_requests(requests integer) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_max_open_requests.requests is null or set_max_open_requests.requests not between 1 and 100 then
    raise sqlstate '22023' using message = 'Le richieste aperte per cliente devono essere tra 1 e 100';
  end if;
  update app.merchants m set max_open_requests = set_max_open_requests.requests
   where m.id = caller_merchant_id;
  return jsonb_build_object('message', 'Limite di richieste aperte aggiornato');
end
$$;
grant execute on function api.set_max_open_requests(integer) to authenticated;
comment on function api.set_max_open_requests(integer) is
  'Merchant only: how many open requests (pending, or a proposed change awaiting her answer) one customer '
  'may have at the salon at once (1-100).';

create or replace function api.book_reservation(
  merchant_slug text,
  treatment_id uuid default null,
  operator_id uuid default null,
  date date default null,
  "time" text default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(book_reservation.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  chosen app.treatments;
  new_start timestamptz;
  new_end timestamptz;
  new_id uuid;
  open_limit integer;
begin
  if book_reservation.treatment_id is null or book_reservation.date is null
     or nullif(btrim(coalesce(book_reservation."time", '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento, data e orario';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, book_reservation.treatment_id,
                                           book_reservation.operator_id);
  new_start := app_private.booking_start(book_reservation.date, book_reservation."time");
  new_end := new_start + make_interval(mins => chosen.duration_minutes);

  -- One customer's bookings at one salon, one at a time: a repeated tap waits for the first, then
  -- finds its request.
  perform pg_advisory_xact_lock(hashtextextended('book_reservation ' || caller_client_id::text, 0));
  select r.id into new_id from app.reservations r
   where r.client_id = caller_client_id and r.status = 'in attesa'
     and r.treatment_id = chosen.id and r.operator_id is not distinct from book_reservation.operator_id
     and r.starts_at = new_start;
  if new_id is not null then
    return jsonb_build_object('id', new_id, 'message', 'Prenotazione salvata!');
  end if;

  open_limit := app_private.open_request_limit(caller_merchant_id);
  if (select count(*) from app.reservations r
       where r.client_id = caller_client_id and r.status in ('in attesa', 'modificata')
         and r.starts_at > now()) >= open_limit then
    raise sqlstate 'P0001' using message = case when open_limit = 1
      then 'Hai già una richiesta in attesa in questo salone: attendi una risposta o annullala'
      else format('Hai già %s richieste in attesa in questo salone: attendi una risposta o annullane una',
                  open_limit) end;
  end if;

  perform app_private.check_slot_free(caller_merchant_id, chosen.id, book_reservation.operator_id,
                                      new_start, new_end);
  insert into app.reservations
    (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes)
  values
    (caller_merchant_id, caller_client_id, chosen.id, chosen.name, book_reservation.operator_id,
     new_start, new_end, 'in attesa', '')
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'message', 'Prenotazione salvata!');
end
$$;
grant execute on function api.book_reservation(text, uuid, uuid, date, text) to authenticated;
comment on function api.book_reservation(text, uuid, uuid, date, text) is
  'Client only: books a treatment at a date of the 30-day window and a time of the grid, with an operator '
  'or with none (''Nessuna preferenza'' = any operator who performs it and is free); refused when that '
  'operator, or every such operator, has a confirmed reservation overlapping it. Starts ''in attesa''. '
  'The same request while hers is still pending returns that one; refused when she already has the '
  'salon''s max_open_requests open requests (pending or awaiting her answer, not yet started).';

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
      insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload, send_after)
      values (new.merchant_id, new.id, 'new_request', salon.email, notice,
              app_private.new_request_send_after(new.merchant_id));
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

create or replace function app_private.claim_notifications(batch_size integer, lease_seconds integer)
returns setof app.notification_outbox
language plpgsql set search_path = ''
as $$
declare
  picked uuid[];
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
           where r.id = d.reservation_id and r.status = 'confermata' and m.reminder_emails
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
  'expiry e-mails of requests that just expired, and drops reminders that no longer apply.';
