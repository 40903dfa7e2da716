-- Repeating appointments the salon books for a client ('ogni 4 settimane, 6 volte'): every date checked
-- by the one-appointment rules (app_private.check_slot_free), booked all together or not at all.

-- The caller's client who may still be booked, or 'Cliente non trovato' (another salon's looks the same).
create function app_private.series_client(client_id uuid, merchant_id uuid) returns uuid
language plpgsql stable set search_path = ''
as $$
begin
  if not exists (select 1 from app.clients c
                  where c.id = series_client.client_id and c.merchant_id = series_client.merchant_id
                    and c.erased_at is null) then
    raise sqlstate 'P0001' using message = 'Cliente non trovato';
  end if;
  return series_client.client_id;
end
$$;
grant execute on function app_private.series_client(uuid, uuid) to authenticated, service_role;

-- Why an appointment of the treatment cannot start then; null when it can. The rules are the ones of a
-- single appointment (past, grid, one year ahead, then app_private.check_slot_free), never copied.
create function app_private.series_date_refusal(
  merchant_id uuid,
  treatment app.treatments,
  operator_id uuid,
  starts_at timestamptz
) returns text
language plpgsql stable set search_path = ''
as $$
declare
  rome_day date := (series_date_refusal.starts_at at time zone 'Europe/Rome')::date;
begin
  if series_date_refusal.starts_at <= now() then
    return 'L''orario scelto è già passato';
  end if;
  if rome_day > app_private.rome_today() + 365 then
    return 'Una serie si prenota al massimo per un anno';
  end if;
  if not exists (select 1 from app_private.booking_grid(rome_day) g
                  where g.starts_at = series_date_refusal.starts_at) then
    return app_private.booking_grid_message();
  end if;
  perform app_private.check_slot_free(series_date_refusal.merchant_id, (series_date_refusal.treatment).id,
                                      series_date_refusal.operator_id, series_date_refusal.starts_at,
                                      series_date_refusal.starts_at
                                        + make_interval(mins => (series_date_refusal.treatment).duration_minutes));
  return null;
exception
  when sqlstate 'P0001' then
    return sqlerrm;
end
$$;
grant execute on function app_private.series_date_refusal(uuid, app.treatments, uuid, timestamptz)
  to authenticated, service_role;

-- The free start nearest to a wanted one: the same day first, then the closest days (up to three before
-- or after), the closest time on each.
create function app_private.series_alternative(
  merchant_id uuid,
  treatment app.treatments,
  operator_id uuid,
  wanted timestamptz
) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  wanted_day date := (series_alternative.wanted at time zone 'Europe/Rome')::date;
  candidate timestamptz;
begin
  for candidate in
    select g.starts_at
      from unnest(array[0, -1, 1, -2, 2, -3, 3]) with ordinality as shift(days, rank),
           lateral app_private.booking_grid(wanted_day + shift.days) g
     where g.starts_at > now()
     order by shift.rank, abs(extract(epoch from g.starts_at - series_alternative.wanted)), g.starts_at
  loop
    if app_private.series_date_refusal(series_alternative.merchant_id, series_alternative.treatment,
                                       series_alternative.operator_id, candidate) is null then
      return candidate;
    end if;
  end loop;
  return null;
end
$$;
grant execute on function app_private.series_alternative(uuid, app.treatments, uuid, timestamptz)
  to authenticated, service_role;

create function api.plan_series(
  client_id uuid,
  treatment_id uuid,
  first_date date,
  first_time text,
  every_weeks integer,
  count integer,
  operator_id uuid default null
) returns table (
  "position" integer,
  starts_at timestamptz,
  date text,
  "time" text,
  fits boolean,
  reason text,
  alternative_starts_at timestamptz,
  alternative_date text,
  alternative_time text
)
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  chosen app.treatments;
  clock text := left(btrim(coalesce(plan_series.first_time, '')), 5);
begin
  perform app_private.series_client(plan_series.client_id, caller_merchant_id);
  chosen := app_private.bookable_treatment(caller_merchant_id, plan_series.treatment_id, plan_series.operator_id);
  if plan_series.every_weeks is null or plan_series.every_weeks not between 1 and 12 then
    raise sqlstate '22023' using message = 'Ripeti ogni 1-12 settimane';
  end if;
  if plan_series.count is null or plan_series.count not between 2 and 12 then
    raise sqlstate '22023' using message = 'Una serie ha da 2 a 12 appuntamenti';
  end if;
  if plan_series.first_date is null
     or not exists (select 1 from app_private.booking_grid(plan_series.first_date) g where g.label = clock) then
    raise sqlstate '22023' using message = app_private.booking_grid_message();
  end if;
  return query
    with wanted as (
      select n::integer as n, g.starts_at
        from generate_series(1, plan_series.count) as n,
             lateral app_private.booking_grid(plan_series.first_date + (n - 1) * 7 * plan_series.every_weeks) g
       where g.label = clock
    ), checked as (
      select w.n, w.starts_at,
             app_private.series_date_refusal(caller_merchant_id, chosen, plan_series.operator_id, w.starts_at)
               as refusal
        from wanted w
    ), proposed as (
      select c.*, case when c.refusal is not null
                       then app_private.series_alternative(caller_merchant_id, chosen, plan_series.operator_id,
                                                           c.starts_at) end as alternative
        from checked c
    )
    select p.n, p.starts_at,
           to_char(p.starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD'),
           to_char(p.starts_at at time zone 'Europe/Rome', 'HH24:MI'),
           p.refusal is null, p.refusal, p.alternative,
           to_char(p.alternative at time zone 'Europe/Rome', 'YYYY-MM-DD'),
           to_char(p.alternative at time zone 'Europe/Rome', 'HH24:MI')
      from proposed p
     order by p.n;
end
$$;
grant execute on function api.plan_series(uuid, uuid, date, text, integer, integer, uuid) to authenticated;
comment on function api.plan_series(uuid, uuid, date, text, integer, integer, uuid) is
  'Merchant only: the dates of a series for its client (count 2-12, every_weeks 1-12 weeks apart, at the '
  'first start''s wall-clock time in Europe/Rome), each checked by the rules of one appointment: fits, or '
  'the Italian reason and the nearest free start (same day first, then the closest days; the same operator, '
  'or any when operator_id is null). Saves nothing.';

-- An appointment the salon books for its client, confirmed at once (its caller holds
-- app_private.take_confirm_turn and has checked the slot): a slot taken meanwhile by a confirmation the lock
-- does not order (a customer accepting a change) is refused in Italian.
create function app_private.insert_confirmed(
  client_id uuid,
  treatment app.treatments,
  operator_id uuid,
  starts_at timestamptz,
  series_id uuid default null,
  visit_id uuid default null,
  visit_part integer default null
) returns app.reservations
language plpgsql set search_path = ''
as $$
declare
  booked app.reservations;
  taken_by text;
begin
  insert into app.reservations
    (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes,
     series_id, visit_id, visit_part)
  values
    ((insert_confirmed.treatment).merchant_id, insert_confirmed.client_id, (insert_confirmed.treatment).id,
     (insert_confirmed.treatment).name, insert_confirmed.operator_id, insert_confirmed.starts_at,
     insert_confirmed.starts_at + make_interval(mins => (insert_confirmed.treatment).duration_minutes),
     'confermata', '', insert_confirmed.series_id, insert_confirmed.visit_id, insert_confirmed.visit_part)
  returning * into booked;
  return booked;
exception
  when exclusion_violation then
    get stacked diagnostics taken_by = constraint_name;
    raise sqlstate 'P0001' using message = case
      when taken_by = 'reservations_operator_never_double_booked' then app_private.slot_taken_message()
      else app_private.resource_taken_message() end;
end
$$;
grant execute on function app_private.insert_confirmed(uuid, app.treatments, uuid, timestamptz, uuid, uuid, integer)
  to authenticated, service_role;

create function api.book_series(
  client_id uuid,
  treatment_id uuid,
  starts timestamptz[],
  operator_id uuid default null
) returns jsonb
language plpgsql set search_path = '' set lock_timeout = '1500ms'
-- Definer: a salon inserts appointments for its client only here, after the checks below.
security definer
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  chosen app.treatments;
  new_series_id uuid := gen_random_uuid();
  wanted timestamptz;
  refusal text;
  assigned uuid;
  booked app.reservations;
  first_booked app.reservations;
  dates jsonb := '[]'::jsonb;
begin
  perform app_private.series_client(book_series.client_id, caller_merchant_id);
  chosen := app_private.bookable_treatment(caller_merchant_id, book_series.treatment_id, book_series.operator_id);
  if coalesce(cardinality(book_series.starts), 0) not between 1 and 12 then
    raise sqlstate '22023' using message = 'Una serie ha da 1 a 12 appuntamenti';
  end if;
  if (select count(distinct (s at time zone 'Europe/Rome')::date) from unnest(book_series.starts) s)
     <> cardinality(book_series.starts) then
    raise sqlstate '22023' using message = 'Due appuntamenti della serie cadono nello stesso giorno';
  end if;
  perform app_private.take_confirm_turn(caller_merchant_id);
  for wanted in select s from unnest(book_series.starts) s order by s loop
    refusal := app_private.series_date_refusal(caller_merchant_id, chosen, book_series.operator_id, wanted);
    if refusal is not null then
      raise sqlstate 'P0001' using message = format('Il %s alle %s: %s. Nessun appuntamento è stato salvato',
        to_char(wanted at time zone 'Europe/Rome', 'DD-MM-YYYY'),
        to_char(wanted at time zone 'Europe/Rome', 'HH24:MI'), refusal);
    end if;
    assigned := coalesce(book_series.operator_id,
      (select f.operator_id from app_private.free_operators(caller_merchant_id, chosen.id, wanted,
                                                            wanted + make_interval(mins => chosen.duration_minutes)) f
        limit 1));
    begin
      booked := app_private.insert_confirmed(book_series.client_id, chosen, assigned, wanted,
                                             series_id => new_series_id);
    exception
      when sqlstate 'P0001' then
        raise sqlstate 'P0001' using message = format('Il %s alle %s: %s. Nessun appuntamento è stato salvato',
          to_char(wanted at time zone 'Europe/Rome', 'DD-MM-YYYY'),
          to_char(wanted at time zone 'Europe/Rome', 'HH24:MI'), sqlerrm);
    end;
    first_booked := coalesce(first_booked, booked);
    perform app_private.enqueue_reminders(booked);
    dates := dates || jsonb_build_object(
      'date', to_char(wanted at time zone 'Europe/Rome', 'DD-MM-YYYY'),
      'time', to_char(wanted at time zone 'Europe/Rome', 'HH24:MI'),
      'operator', booked.operator_name);
  end loop;
  -- One confirmation for the whole series, naming every date.
  perform app_private.notify_customer(first_booked, 'confirmation',
                                      app_private.reservation_notice(first_booked)
                                        || jsonb_build_object('series', dates));
  return jsonb_build_object('series_id', new_series_id, 'count', cardinality(book_series.starts),
                            'message', 'Serie confermata');
end
$$;
grant execute on function api.book_series(uuid, uuid, timestamptz[], uuid) to authenticated;
comment on function api.book_series(uuid, uuid, timestamptz[], uuid) is
  'Merchant only: books the accepted starts (1-12, on different days) of a series for its client as '
  'confirmed appointments sharing one series_id, in one transaction: every start is re-checked by the rules '
  'of one appointment and one that no longer fits refuses the whole series naming its date. With no '
  'operator, each date gets the least busy free one. The client gets one confirmation listing the dates.';

create function api.cancel_series(reservation_id uuid, reason text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_reason text := app_private.required_reason(
    cancel_series.reason, 'Inserisci la motivazione dell''annullamento');
  one app.reservations := app_private.merchant_reservation(cancel_series.reservation_id, caller_merchant_id);
  cancelled integer;
begin
  if one.series_id is null then
    raise sqlstate 'P0001' using message = 'Questo appuntamento non fa parte di una serie';
  end if;
  update app.reservations r set status = 'annullata', notes = new_reason
   where r.series_id = one.series_id and r.merchant_id = caller_merchant_id
     and r.status = 'confermata' and r.starts_at > now();
  get diagnostics cancelled = row_count;
  return jsonb_build_object('message', 'Serie annullata', 'cancelled', cancelled);
end
$$;
grant execute on function api.cancel_series(uuid, text) to authenticated;
comment on function api.cancel_series(uuid, text) is
  'Merchant only: cancels, with a required reason, the confirmed appointments not yet started of the series '
  'the given appointment belongs to (''annullata''); past, completed and missed ones stay as they are.';
