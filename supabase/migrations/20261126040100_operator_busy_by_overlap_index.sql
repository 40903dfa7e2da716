-- ============================================================================
-- app_private.operator_is_busy: the overlap asked as the no-double-booking constraint states it
-- ============================================================================
-- "Starts before the slot ends and ends after it starts" read every reservation of the operator
-- (a sequential scan once an operator has a few thousand); asked as ranges that overlap, the check
-- is answered by the constraint's own GiST index (operator, [starts_at, ends_at)) over confirmed
-- reservations. Same answer: [a, b) and [c, d) overlap exactly when a < d and c < b.
create or replace function app_private.operator_is_busy(
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null
) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not exists (
    select 1 from app.operators o
     where o.id = operator_is_busy.operator_id
       and (o.merchant_id = app_private.current_merchant_id()
            or o.merchant_id = any (app_private.my_client_merchant_ids()))
  ) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  return exists (
    select 1 from app.reservations r
     where r.operator_id = operator_is_busy.operator_id
       and r.status = 'confermata'
       and tstzrange(r.starts_at, r.ends_at) && tstzrange(operator_is_busy.starts_at, operator_is_busy.ends_at)
       and r.id is distinct from operator_is_busy.except_reservation_id
  );
end
$$;
