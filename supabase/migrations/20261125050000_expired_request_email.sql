-- A request that expires tells the customer.
-- * A request (in attesa) the salon never answered, or a change the salon proposed (modificata) the
--   customer never answered, becomes 'scaduta' when its start passes (app_private.shown_status). Nothing
--   writes that moment, so the sender looks for it: each claim first enqueues one 'expiry' e-mail per
--   request that expired in the last day, for the customer, at most once per reservation (a unique index,
--   so two senders at once cannot both write it).
-- * Requests that expired more than a day ago (before this was deployed, or while no sender ran) are not
--   announced late.

alter table app.notification_outbox drop constraint notification_outbox_kind_check;
alter table app.notification_outbox add constraint notification_outbox_kind_check
  check (kind in ('new_request', 'confirmation', 'change_proposed', 'rejection', 'cancellation', 'reminder',
                  'expiry'));

create unique index notification_outbox_one_expiry_idx on app.notification_outbox (reservation_id)
  where kind = 'expiry';
create index reservations_open_requests_starts_at_idx on app.reservations (starts_at)
  where status in ('in attesa', 'modificata');

create function app_private.enqueue_expiry_notices() returns integer
language sql set search_path = ''
as $$
  with expired as (
    insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
    select r.merchant_id, r.id, 'expiry', c.email,
           app_private.reservation_notice(r) || jsonb_build_object('expired_proposal', r.status = 'modificata')
      from app.reservations r
      join app.clients c on c.id = r.client_id
     where r.status in ('in attesa', 'modificata')
       and app_private.shown_status(r.status, r.starts_at) = 'scaduta'
       and r.starts_at > now() - interval '1 day'
       and btrim(coalesce(c.email, '')) <> ''
    on conflict (reservation_id) where kind = 'expiry' do nothing
    returning 1
  )
  select count(*)::integer from expired
$$;
comment on function app_private.enqueue_expiry_notices() is
  'Writes one expiry e-mail for each request that became ''scaduta'' in the last day and has none yet; '
  'returns how many it wrote.';

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
  'attempt; first enqueues the expiry e-mails of requests that just expired, and drops reminders that no '
  'longer apply.';

revoke all on function app_private.enqueue_expiry_notices() from public, anon, authenticated;
grant execute on function app_private.enqueue_expiry_notices() to service_role;
