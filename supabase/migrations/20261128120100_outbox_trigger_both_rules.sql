-- The reservation trigger that fills the outbox holds both rules written on the same day: nothing is
-- written to a customer without an address (an erased client), and a salon's new requests wait a few
-- minutes so they go out as one e-mail.

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
  if new.status = 'annullata' then
    delete from app.notification_outbox n
     where n.reservation_id = new.id and n.kind = 'reminder' and n.sent_at is null;
  end if;
  -- No address (an erased client): nothing is written to her.
  if btrim(coalesce(customer_email, '')) = '' then
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
  'transaction; none to a customer without an address (an erased client, whose erasure cancels her '
  'reservations without telling her).';
