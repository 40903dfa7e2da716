-- Booking and the outbox sender hold both of the day's rules: a booking needs a confirmed address and one
-- tap is one request (the same pending request is returned, at most N open per customer); the sender
-- groups a salon's new requests and also removes the accounts never confirmed within 7 days.

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
  perform app_private.require_confirmed_address(caller_client_id);
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
comment on function api.book_reservation(text, uuid, uuid, date, text) is
  'Client only: books a treatment at a date of the 30-day window and a time of the grid, with an operator '
  'or with none (''Nessuna preferenza'' = any operator who performs it and is free); refused when that '
  'operator, or every such operator, has a confirmed reservation overlapping it. Starts ''in attesa''. '
  'The same request while hers is still pending returns that one; refused when she already has the '
  'salon''s max_open_requests open requests (pending or awaiting her answer, not yet started).';

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
comment on function app_private.claim_notifications(integer, integer) is
  'Claims up to batch_size due e-mails for lease_seconds (skipping rows another sender holds), with every '
  'due new request of the same salon and address as one of them, and counts the attempt; first enqueues the '
  'expiry e-mails of requests that just expired, removes the accounts whose address was not confirmed in 7 '
  'days, and drops reminders that no longer apply.';
