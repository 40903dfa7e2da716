-- The customer's Prenota screen, step by step, reads everything it shows from here:
-- * api.booking_days: the 30 bookable days, each saying whether the salon is closed (a closure date, or a
--   weekday without opening hours once the salon has set them);
-- * api.free_time_periods: the free times of a day grouped 'Mattina' (before 12:00), 'Pomeriggio'
--   (12:00-17:59) and 'Sera' (18:00 and later), Europe/Rome;
-- * api.client_reservation_sections: the customer's reservations split into upcoming and past, each with
--   until when a confirmed appointment may still be cancelled online, or why it no longer may.
-- The refusal of a late cancellation has one home, app_private.client_cancel_refusal, which
-- api.cancel_reservation now raises too.

-- ============================================================================
-- Closed days
-- ============================================================================
-- Is the salon closed all day? The same data app_private.salon_open reads, for a whole date.
create function app_private.salon_closed_on(merchant_id uuid, day date) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from app.salon_closures c
                  where c.merchant_id = salon_closed_on.merchant_id and c.day = salon_closed_on.day)
      or (exists (select 1 from app.opening_hours h where h.merchant_id = salon_closed_on.merchant_id)
          and not exists (select 1 from app.opening_hours h
                           where h.merchant_id = salon_closed_on.merchant_id
                             and h.weekday = extract(isodow from salon_closed_on.day)::integer))
$$;
grant execute on function app_private.salon_closed_on(uuid, date) to authenticated, service_role;

create function api.booking_days(merchant_slug text)
returns table (date text, closed boolean)
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(booking_days.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  bookable record := app_private.booking_window();
begin
  return query
    select to_char(d.day, 'YYYY-MM-DD'), app_private.salon_closed_on(caller_merchant_id, d.day)
      from (select cast(s as date) as day
              from generate_series(bookable.first_day::timestamp, bookable.last_day::timestamp,
                                   interval '1 day') as s) as d
     order by d.day;
end
$$;
comment on function api.booking_days(text) is
  'Client only: the 30 bookable days, today first (Europe/Rome, rolling over at midnight), each with closed = '
  'true when the salon is closed all day (a closure date, or a weekday without opening hours).';
grant execute on function api.booking_days(text) to authenticated;

-- ============================================================================
-- Free times by part of the day
-- ============================================================================
create function app_private.day_period(clock text) returns text
language sql immutable set search_path = ''
as $$
  select case when day_period.clock < '12:00' then 'Mattina'
              when day_period.clock < '18:00' then 'Pomeriggio'
              else 'Sera' end
$$;
grant execute on function app_private.day_period(text) to authenticated, service_role;

create function api.free_time_periods(
  merchant_slug text,
  treatment_id uuid,
  operator_id uuid default null,
  date date default null
) returns table (period text, times text[])
language sql stable set search_path = ''
as $$
  select app_private.day_period(free.clock), array_agg(free.clock order by free.clock)
    from unnest(api.free_times(free_time_periods.merchant_slug, free_time_periods.treatment_id,
                               free_time_periods.operator_id, free_time_periods.date)) as free(clock)
   group by 1
   order by min(free.clock)
$$;
comment on function api.free_time_periods(text, uuid, uuid, date) is
  'The merchant itself or one of its clients: api.free_times grouped by part of the day, in order: '
  '''Mattina'' (before 12:00), ''Pomeriggio'' (12:00-17:59), ''Sera'' (18:00 and later), Europe/Rome; '
  'a part without free times is left out.';
grant execute on function api.free_time_periods(text, uuid, uuid, date) to authenticated;

-- ============================================================================
-- Cancelling online: until when, or why not
-- ============================================================================
-- Why a confirmed appointment that has not started can no longer be cancelled online; null otherwise.
create function app_private.client_cancel_refusal(status text, starts_at timestamptz, merchant_id uuid)
returns text
language sql stable set search_path = ''
as $$
  select format('Non è più possibile annullare online: mancano meno di %s ore all''appuntamento. '
                'Chiama il salone al %s', t.notice_hours, t.phone)
    from app_private.cancellation_terms(client_cancel_refusal.merchant_id) t
   where client_cancel_refusal.status = 'confermata'
     and client_cancel_refusal.starts_at > now()
     and not app_private.client_may_cancel(client_cancel_refusal.status, client_cancel_refusal.starts_at,
                                           client_cancel_refusal.merchant_id)
$$;

-- The last instant a confirmed appointment may be cancelled online, while it still may; null otherwise.
create function app_private.client_cancel_until(status text, starts_at timestamptz, merchant_id uuid)
returns timestamptz
language sql stable set search_path = ''
as $$
  select client_cancel_until.starts_at - make_interval(hours => t.notice_hours)
    from app_private.cancellation_terms(client_cancel_until.merchant_id) t
   where client_cancel_until.status = 'confermata'
     and app_private.client_may_cancel(client_cancel_until.status, client_cancel_until.starts_at,
                                       client_cancel_until.merchant_id)
$$;

grant execute on function app_private.client_cancel_refusal(text, timestamptz, uuid),
  app_private.client_cancel_until(text, timestamptz, uuid) to authenticated, service_role;

create or replace function api.cancel_reservation(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  mine app.reservations := app_private.client_reservation(cancel_reservation.reservation_id);
begin
  if not (mine.status in ('in attesa', 'modificata', 'confermata') and mine.starts_at > now()) then
    raise sqlstate 'P0001' using message = 'Questa prenotazione non può essere annullata';
  end if;
  if not app_private.client_may_cancel(mine.status, mine.starts_at, mine.merchant_id) then
    raise sqlstate 'P0001'
      using message = app_private.client_cancel_refusal(mine.status, mine.starts_at, mine.merchant_id);
  end if;
  update app.reservations r set status = 'annullata'
   where r.id = mine.id and r.status = mine.status;
  if not found then
    raise sqlstate 'P0001' using message = 'Questa prenotazione non può essere annullata';
  end if;
  return jsonb_build_object('message', 'Prenotazione annullata');
end
$$;

-- ============================================================================
-- The customer's reservations, upcoming and past
-- ============================================================================
create function api.client_reservation_sections(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_reservation_sections.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  sections jsonb;
begin
  with mine as (
    select to_jsonb(r) || jsonb_build_object(
             'cancel_until', app_private.client_cancel_until(r.status, r.starts_at, caller_merchant_id),
             'cancel_refusal', app_private.client_cancel_refusal(r.status, r.starts_at, caller_merchant_id)
           ) as row,
           r.ends_at > now() and r.status <> 'scaduta' as upcoming,
           r.starts_at, r.created_at, r.id
      from api.client_reservations(client_reservation_sections.merchant_slug) as r
  )
  select jsonb_build_object(
           'upcoming', coalesce(jsonb_agg(m.row order by m.starts_at, m.created_at, m.id)
                                  filter (where m.upcoming), '[]'::jsonb),
           'past', coalesce(jsonb_agg(m.row order by m.starts_at desc, m.created_at desc, m.id)
                              filter (where not m.upcoming), '[]'::jsonb))
    into sections
    from mine m;
  return sections;
end
$$;
comment on function api.client_reservation_sections(text) is
  'Client only: its reservations at the salon as {upcoming, past}: upcoming = not yet ended and not '
  '''scaduta'', soonest first; past = the rest, latest first. Each is an api.reservation_row plus '
  'cancel_until (until when a confirmed appointment may still be cancelled online) and cancel_refusal (why '
  'a confirmed appointment that has not started no longer may).';
grant execute on function api.client_reservation_sections(text) to authenticated;
