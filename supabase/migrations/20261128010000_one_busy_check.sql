-- ============================================================================
-- One busy check: "the operator has a confirmed appointment overlapping [starts_at, ends_at)"
-- ============================================================================
-- app_private.operator_is_busy asked it as overlapping ranges, the form the no-double-booking
-- constraint's GiST index (operator, [starts_at, ends_at)) over confirmed reservations answers;
-- app_private.free_operators still compared the instants (a < d and c < b), the same answer read by
-- scanning every reservation of each operator. Both now ask app_private.operator_has_confirmed_overlap.

create function app_private.operator_has_confirmed_overlap(
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null
) returns boolean
language sql stable set search_path = ''
as $$
  -- Asked as the exclusion constraint reservations_operator_never_double_booked states it, so that
  -- its index answers: [a, b) and [c, d) overlap exactly when a < d and c < b.
  select exists (
    select 1 from app.reservations r
     where r.operator_id = operator_has_confirmed_overlap.operator_id
       and r.status = 'confermata'
       and tstzrange(r.starts_at, r.ends_at)
           && tstzrange(operator_has_confirmed_overlap.starts_at, operator_has_confirmed_overlap.ends_at)
       and r.id is distinct from operator_has_confirmed_overlap.except_reservation_id
  )
$$;
comment on function app_private.operator_has_confirmed_overlap(uuid, timestamptz, timestamptz, uuid) is
  'Whether the operator has a confirmed reservation overlapping [starts_at, ends_at), other than '
  'except_reservation_id. Reads every reservation (no RLS check): call it from a function that has '
  'checked the caller.';

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
  return app_private.operator_has_confirmed_overlap(operator_is_busy.operator_id, operator_is_busy.starts_at,
                                                    operator_is_busy.ends_at, operator_is_busy.except_reservation_id);
end
$$;

create or replace function app_private.free_operators(
  merchant_id uuid,
  treatment_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null
) returns table (operator_id uuid, operator_name text, image_path text, busy_minutes integer)
language plpgsql stable security definer set search_path = ''
as $$
declare
  rome_day date := (free_operators.starts_at at time zone 'Europe/Rome')::date;
  day_start timestamptz := rome_day::timestamp at time zone 'Europe/Rome';
  day_end timestamptz := (rome_day + 1)::timestamp at time zone 'Europe/Rome';
begin
  if free_operators.merchant_id is distinct from app_private.current_merchant_id()
     and not free_operators.merchant_id = any (app_private.my_client_merchant_ids()) then
    raise sqlstate '42501' using message = 'Accesso negato';
  end if;
  if not app_private.salon_open(free_operators.merchant_id, free_operators.starts_at, free_operators.ends_at) then
    return;
  end if;
  return query
    select o.id, o.name, o.image_path,
           coalesce((select sum(extract(epoch from r.ends_at - r.starts_at) / 60)::integer
                       from app.reservations r
                      where r.operator_id = o.id and r.status = 'confermata'
                        and r.starts_at >= day_start and r.starts_at < day_end), 0)
      from app.operators o
     where o.id in (select app_private.performing_operator_ids(free_operators.merchant_id,
                                                               free_operators.treatment_id))
       and app_private.operator_available(o.id, free_operators.starts_at, free_operators.ends_at)
       and not app_private.operator_has_confirmed_overlap(o.id, free_operators.starts_at, free_operators.ends_at,
                                                          free_operators.except_reservation_id)
     order by 4, o.name, o.id;
end
$$;
