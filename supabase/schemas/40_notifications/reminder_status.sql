-- Whether an appointment's reminder went out, read from the outbox the salon cannot read otherwise.

-- Definer: app.notification_outbox is the service role's; this reads the reminder rows of the caller's own
-- reservations only.
create function app_private.reminder_statuses(reservation_ids uuid[])
returns table (reservation_id uuid, reminder jsonb)
language sql stable security definer set search_path = ''
as $$
  select distinct on (n.reservation_id)
         n.reservation_id,
         jsonb_build_object(
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
   where n.reservation_id = any (reminder_statuses.reservation_ids) and n.kind = 'reminder'
     and r.merchant_id = (select app_private.current_merchant_id())
   -- The latest reminder tried, else the next one to send.
   order by n.reservation_id, (n.attempts > 0) desc, case when n.attempts > 0 then n.send_after end desc,
            n.send_after
$$;
grant execute on function app_private.reminder_statuses(uuid[]) to authenticated, service_role;
comment on function app_private.reminder_statuses(uuid[]) is
  'The reminder of each of the caller''s appointments among these (app_private.reminder_status), in one '
  'pass; none for an appointment without a reminder.';

create function app_private.reminder_status(reservation_id uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select s.reminder from app_private.reminder_statuses(array[reminder_status.reservation_id]) s
$$;
grant execute on function app_private.reminder_status(uuid) to authenticated, service_role;
comment on function app_private.reminder_status(uuid) is
  'The caller''s appointment''s reminder: {channel, status sent|failed (no attempt left)|retrying|scheduled, '
  'error (the last failure while unsent), send_after, sent_at, hours_before 24|2}: the latest reminder tried, '
  'else the next one; null without a reminder.';
