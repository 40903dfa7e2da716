-- The 15-minute grid and the 30-day window of spec §9 live in one place each:
-- app_private.booking_grid(day) lists the start times of a day, app_private.booking_window() gives the
-- bookable days. booking_start, booking_dates and free_times ask them instead of repeating the numbers.

create function app_private.booking_window(out first_day date, out last_day date)
language sql stable set search_path = ''
as $$
  select app_private.rome_today(), app_private.rome_today() + 29
$$;
grant execute on function app_private.booking_window() to authenticated, service_role;

-- The grid's rule in words, from the grid itself ('tra le 09:00 e le 19:00, ogni 15 minuti').
create function app_private.booking_grid_message() returns text
language sql stable set search_path = ''
as $$
  select format('Scegli un orario tra le %s e le %s, ogni %s minuti', min(g.label), max(g.label),
                (extract(epoch from (array_agg(g.starts_at order by g.starts_at))[2]
                                  - (array_agg(g.starts_at order by g.starts_at))[1]) / 60)::integer)
    from app_private.booking_grid(date '2026-01-05') g
$$;
grant execute on function app_private.booking_grid_message() to authenticated, service_role;

create or replace function app_private.booking_start(day date, at_time text) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  bookable record := app_private.booking_window();
  clock text := btrim(coalesce(booking_start.at_time, ''));
  starts timestamptz;
begin
  if booking_start.day < bookable.first_day or booking_start.day > bookable.last_day then
    raise sqlstate 'P0001' using message = 'Scegli una data entro i prossimi 30 giorni';
  end if;
  if clock ~ '^[0-9]{2}:[0-9]{2}:00$' then
    clock := left(clock, 5);
  end if;
  select g.starts_at into starts from app_private.booking_grid(booking_start.day) g where g.label = clock;
  if starts is null then
    raise sqlstate 'P0001' using message = app_private.booking_grid_message();
  end if;
  if starts <= now() then
    raise sqlstate 'P0001' using message = 'L''orario scelto è già passato';
  end if;
  return starts;
end
$$;

create or replace function api.booking_dates(merchant_slug text) returns text[]
language plpgsql stable set search_path = ''
as $$
declare
  bookable record := app_private.booking_window();
begin
  perform app_private.require_client(booking_dates.merchant_slug);
  return array(
    select to_char(d, 'YYYY-MM-DD')
      from generate_series(bookable.first_day::timestamp, bookable.last_day::timestamp, interval '1 day') as d
     order by d
  );
end
$$;

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
  bookable record := app_private.booking_window();
  chosen app.treatments;
begin
  if free_times.treatment_id is null or free_times.date is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento e data';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, free_times.treatment_id, free_times.operator_id);
  if free_times.date < bookable.first_day or free_times.date > bookable.last_day then
    return '{}';
  end if;
  return array(
    select g.label from app_private.booking_grid(free_times.date) g
     where g.starts_at > now()
       and case when free_times.operator_id is null
             then exists (select 1 from app_private.free_operators(
                            caller_merchant_id, chosen.id, g.starts_at,
                            g.starts_at + make_interval(mins => chosen.duration_minutes)))
             else app_private.salon_open(caller_merchant_id, g.starts_at,
                                         g.starts_at + make_interval(mins => chosen.duration_minutes))
                  and app_private.operator_available(free_times.operator_id, g.starts_at,
                                                     g.starts_at + make_interval(mins => chosen.duration_minutes))
                  and not app_private.operator_is_busy(
                        free_times.operator_id, g.starts_at,
                        g.starts_at + make_interval(mins => chosen.duration_minutes))
           end
     order by g.starts_at
  );
end
$$;
