-- A request that expires unanswered is told by the channels she chose, like the other booking notices:
-- an e-mail and, with push on, a notification to each of her phones (the outbox's 'push' rows).

drop index app.notification_outbox_one_expiry_idx;
create unique index notification_outbox_one_expiry_idx
  on app.notification_outbox (reservation_id, channel, recipient) where kind = 'expiry';

-- The expiry notices are written by the outbox's drain (app_private.enqueue_expiry_notices).
grant execute on function app_private.notify_customer(app.reservations, text, jsonb, timestamptz) to service_role;

drop function app_private.enqueue_expiry_notices();
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
