-- Each reservation row says what its caller may do with it (actions, computed here from the rules of
-- spec §4), next to the instants starts_at and ends_at, so no screen recomputes a rule or converts time
-- zones. The merchant's modify dialog asks api.free_times for its times, like the customer's booking form.

alter type api.reservation_row add attribute actions text[];
comment on type api.reservation_row is
  'A reservation as the screens show it: date and time in Europe/Rome, the instants starts_at/ends_at, '
  'operator_name ''Nessuna preferenza'' when no operator was chosen, and actions: what the caller may do '
  '(merchant: confirm, modify, reject; client: accept, decline, delete).';

-- Spec §4: a rejected reservation, or a confirmed one that started at least an hour ago.
create function app_private.client_may_delete(status text, starts_at timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select client_may_delete.status = 'rifiutata'
      or (client_may_delete.status = 'confermata' and client_may_delete.starts_at <= now() - interval '1 hour')
$$;

-- What the merchant (for_merchant) or the client may do with a reservation now.
create function app_private.reservation_actions(
  status text,
  starts_at timestamptz,
  merchant_id uuid,
  for_merchant boolean
) returns text[]
language sql stable set search_path = ''
as $$
  select case
    when reservation_actions.for_merchant then
      case when reservation_actions.status = 'in attesa' and reservation_actions.starts_at > now()
           then array['confirm', 'modify', 'reject'] else '{}'::text[] end
    else
      case when reservation_actions.status = 'modificata' and reservation_actions.starts_at > now()
           then array['accept', 'decline'] else '{}'::text[] end
      || case when app_private.client_may_delete(reservation_actions.status, reservation_actions.starts_at)
              then array['delete'] else '{}'::text[] end
  end
$$;

grant execute on function app_private.client_may_delete(text, timestamptz),
  app_private.reservation_actions(text, timestamptz, uuid, boolean) to authenticated, service_role;

-- ============================================================================
-- The lists, with actions
-- ============================================================================
create or replace function api.merchant_reservations(status text default null)
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  wanted text := nullif(btrim(coalesce(merchant_reservations.status, '')), '');
begin
  if wanted is not null and wanted not in ('in attesa', 'confermata', 'modificata', 'rifiutata') then
    raise sqlstate 'P0001' using message = 'Stato non valido';
  end if;
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at,
           app_private.reservation_actions(v.status, v.starts_at, v.merchant_id, true)
      from app.reservation_rows v
     where v.merchant_id = caller_merchant_id
       and (wanted is null or v.status = wanted)
     order by v.starts_at desc, v.created_at desc, v.id;
end
$$;

create or replace function api.merchant_agenda()
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  from_instant timestamptz := app_private.rome_today()::timestamp at time zone 'Europe/Rome';
begin
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at,
           app_private.reservation_actions(v.status, v.starts_at, v.merchant_id, true)
      from app.reservation_rows v
     where v.merchant_id = caller_merchant_id
       and v.status = 'confermata'
       and v.starts_at >= from_instant
     order by v.starts_at, v.operator_name, v.id;
end
$$;

create or replace function api.client_reservations(merchant_slug text)
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_reservations.merchant_slug);
begin
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at,
           app_private.reservation_actions(v.status, v.starts_at, v.merchant_id, false)
      from app.reservation_rows v
     where v.client_id = caller_client_id
     order by v.starts_at desc, v.created_at desc, v.id;
end
$$;

create or replace function api.delete_reservation(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  finished app.reservations := app_private.client_reservation(delete_reservation.reservation_id);
begin
  -- The delete policy holds the same rule.
  if not app_private.client_may_delete(finished.status, finished.starts_at) then
    raise sqlstate 'P0001' using message = 'Impossibile eliminare la prenotazione';
  end if;
  delete from app.reservations r where r.id = finished.id;
  if not found then
    raise sqlstate 'P0001' using message = 'Impossibile eliminare la prenotazione';
  end if;
  return jsonb_build_object('message', 'Prenotazione eliminata');
end
$$;

-- ============================================================================
-- Free times: the customer's booking form and the merchant's modify dialog ask the same function
-- ============================================================================
-- The merchant behind a slug, for its owner or for one of its clients.
create function app_private.require_booking_party(merchant_slug text) returns uuid
language plpgsql stable set search_path = ''
as $$
begin
  if app_private.current_merchant_slug() = lower(btrim(coalesce(require_booking_party.merchant_slug, ''))) then
    return app_private.current_merchant_id();
  end if;
  return (select c.merchant_id from app.clients c
           where c.id = app_private.require_client(require_booking_party.merchant_slug));
end
$$;
grant execute on function app_private.require_booking_party(text) to authenticated, service_role;

create or replace function api.free_times(
  merchant_slug text,
  treatment_id uuid,
  operator_id uuid default null,
  date date default null
) returns text[]
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_booking_party(free_times.merchant_slug);
  today date := app_private.rome_today();
  chosen app.treatments;
begin
  if free_times.treatment_id is null or free_times.date is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento e data';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, free_times.treatment_id, free_times.operator_id);
  if free_times.date < today or free_times.date > today + 29 then
    return '{}';
  end if;
  return array(
    select g.label from app_private.booking_grid(free_times.date) g
     where g.starts_at > now()
       and case when free_times.operator_id is null
             then exists (select 1 from app_private.free_operators(
                            caller_merchant_id, chosen.id, g.starts_at,
                            g.starts_at + make_interval(mins => chosen.duration_minutes)))
             else not app_private.operator_is_busy(
                    free_times.operator_id, g.starts_at,
                    g.starts_at + make_interval(mins => chosen.duration_minutes))
           end
     order by g.starts_at
  );
end
$$;
comment on function api.free_times(text, uuid, uuid, date) is
  'The merchant itself or one of its clients: the bookable start times (''HH:MM'', 09:00-19:00 every 15 '
  'minutes, Europe/Rome) of a day in the window: not past, and free for the treatment''s whole duration '
  'for the chosen operator, or with no operator chosen for at least one operator who performs it. Empty '
  'outside the 30-day window.';
