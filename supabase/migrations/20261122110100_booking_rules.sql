-- Booking rules shared by the merchant and client APIs: the Europe/Rome calendar, the booking window
-- and time grid of spec §9, the operator's confirmed-slot check under a row lock, and the one row
-- shape every reservation list returns.

-- ============================================================================
-- Calendar and grid (spec §9): 30 days from today, 09:00-19:00 every 15 minutes, Europe/Rome
-- ============================================================================
create function app_private.rome_today() returns date
language sql stable set search_path = ''
as $$
  select (now() at time zone 'Europe/Rome')::date
$$;

-- The instant of a booking at date and time (Europe/Rome), or the Italian reason it is not bookable.
create function app_private.booking_start(day date, at_time text) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  today date := app_private.rome_today();
  clock text := btrim(coalesce(booking_start.at_time, ''));
  minutes integer;
  starts timestamptz;
begin
  if booking_start.day < today or booking_start.day > today + 29 then
    raise sqlstate 'P0001' using message = 'Scegli una data entro i prossimi 30 giorni';
  end if;
  if clock !~ '^([01][0-9]|2[0-3]):[0-5][0-9](:00)?$' then
    raise sqlstate 'P0001' using message = 'Scegli un orario tra le 09:00 e le 19:00, ogni 15 minuti';
  end if;
  minutes := split_part(clock, ':', 1)::integer * 60 + split_part(clock, ':', 2)::integer;
  if minutes < 9 * 60 or minutes > 19 * 60 or minutes % 15 <> 0 then
    raise sqlstate 'P0001' using message = 'Scegli un orario tra le 09:00 e le 19:00, ogni 15 minuti';
  end if;
  starts := (booking_start.day + make_interval(mins => minutes)) at time zone 'Europe/Rome';
  if starts <= now() then
    raise sqlstate 'P0001' using message = 'L''orario scelto è già passato';
  end if;
  return starts;
end
$$;

-- The start times of the grid on one day, as 'HH:MM' and as instants.
create function app_private.booking_grid(day date)
returns table (label text, starts_at timestamptz)
language sql stable set search_path = ''
as $$
  select to_char(slot, 'HH24:MI'), slot at time zone 'Europe/Rome'
    from generate_series(booking_grid.day + time '09:00', booking_grid.day + time '19:00', interval '15 minutes')
         as slot
$$;

grant execute on function app_private.rome_today(), app_private.booking_start(date, text),
  app_private.booking_grid(date) to authenticated, service_role;

-- ============================================================================
-- Confirmed slots of an operator (definer: a client must not read other clients' reservations; these
-- answer only "busy or not", and only to the operator's merchant or its clients)
-- ============================================================================
create function app_private.operator_is_busy(
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
       and r.id is distinct from operator_is_busy.except_reservation_id
       and r.starts_at < operator_is_busy.ends_at
       and r.ends_at > operator_is_busy.starts_at
  );
end
$$;

-- Locks the operator's row until the end of the transaction, then refuses the slot if a confirmed
-- reservation overlaps it. Every path that can lead to an overlapping confirmed reservation (book,
-- modify, confirm, accept) calls this first, so such paths for one operator run one at a time and
-- each sees what the previous one committed (read committed: the check is a new statement after the
-- lock). Definer: the caller may not be allowed to lock the row (clients cannot update operators).
create function app_private.claim_operator_slot(
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null
) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform 1 from app.operators o where o.id = claim_operator_slot.operator_id for update;
  if app_private.operator_is_busy(
       claim_operator_slot.operator_id, claim_operator_slot.starts_at, claim_operator_slot.ends_at,
       claim_operator_slot.except_reservation_id) then
    raise sqlstate 'P0001'
      using message = 'Orario non disponibile: l''operatore ha già un appuntamento confermato in questa fascia';
  end if;
end
$$;

grant execute on function app_private.operator_is_busy(uuid, timestamptz, timestamptz, uuid),
  app_private.claim_operator_slot(uuid, timestamptz, timestamptz, uuid) to authenticated, service_role;

-- A client of some merchant (for calls that name a reservation, not a merchant).
create function app_private.require_any_client() returns uuid[]
language plpgsql stable set search_path = ''
as $$
declare
  client_ids uuid[] := app_private.my_client_ids();
begin
  if cardinality(client_ids) = 0 then
    raise sqlstate '42501' using message = 'Accesso negato: questo account non è un cliente.';
  end if;
  return client_ids;
end
$$;

grant execute on function app_private.require_any_client() to authenticated, service_role;

-- The public URL of an operator photo.
create function app_private.operator_image_url(image_path text) returns text
language sql immutable set search_path = ''
as $$
  select '/storage/v1/object/public/operatori/' || operator_image_url.image_path
$$;

grant execute on function app_private.operator_image_url(text) to authenticated, service_role;

-- ============================================================================
-- The row every reservation list returns (merchant list, agenda, client list)
-- ============================================================================
create type api.reservation_row as (
  id uuid,
  client_id uuid,
  client_name text,
  client_code text,
  treatment_id uuid,
  treatment_name text,
  operator_id uuid,
  operator_name text,
  date text,
  "time" text,
  duration_minutes integer,
  status text,
  notes text,
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz
);
comment on type api.reservation_row is
  'A reservation as the screens show it: date and time in Europe/Rome, operator_name ''Nessuna '
  'preferenza'' when no operator was chosen.';

-- Security invoker: the caller's row-level security decides which reservations it lists.
create view app.reservation_rows with (security_invoker = true) as
  select r.id, r.client_id, c.name as client_name, c.code as client_code,
         r.treatment_id, r.treatment_name, r.operator_id,
         coalesce(o.name, 'Nessuna preferenza') as operator_name,
         to_char(r.starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD') as date,
         to_char(r.starts_at at time zone 'Europe/Rome', 'HH24:MI') as "time",
         (extract(epoch from r.ends_at - r.starts_at) / 60)::integer as duration_minutes,
         r.status, r.notes, r.starts_at, r.ends_at, r.created_at, r.updated_at, r.merchant_id
    from app.reservations r
    join app.clients c on c.id = r.client_id
    left join app.operators o on o.id = r.operator_id;
comment on view app.reservation_rows is
  'Reservations in the shape of api.reservation_row (plus merchant_id), under the caller''s RLS.';
grant select on app.reservation_rows to authenticated, service_role;
