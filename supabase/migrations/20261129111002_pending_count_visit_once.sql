-- The salon's badge counts a visit's parts as one request.

create or replace function api.merchant_pending_count() returns integer
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select count(distinct coalesce(r.visit_id, r.id))::integer from app.reservations r
           where r.merchant_id = caller_merchant_id and r.status = 'in attesa' and r.starts_at > now());
end
$$;
grant execute on function api.merchant_pending_count() to authenticated;
comment on function api.merchant_pending_count() is
  'Merchant only: how many requests wait for an answer (pending and not yet started, a visit once), for the '
  'badge.';
