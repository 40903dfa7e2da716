-- Booking client API: what the caller (a client at one merchant) may book, on which days and at which
-- times, booking itself, its reservations, answering a merchant's change and deleting a finished
-- reservation. Security invoker throughout: RLS shows a client its merchant's operators and treatments
-- and only its own reservations; other clients' confirmed slots are seen only through the definer
-- helpers app_private.operator_is_busy and claim_operator_slot, which answer busy or not.

-- ============================================================================
-- Treatments and operators a client can book
-- ============================================================================
create function api.bookable_treatments(merchant_slug text)
returns table (
  id uuid, name text, description text, duration_minutes integer, price numeric, operators jsonb
)
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(bookable_treatments.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
begin
  return query
    select t.id, t.name, t.description, t.duration_minutes, t.price::numeric,
           coalesce((
             select jsonb_agg(jsonb_build_object(
                      'id', o.id, 'name', o.name, 'image_url', app_private.operator_image_url(o.image_path)
                    ) order by o.name, o.id)
               from app.operators o
              where o.merchant_id = caller_merchant_id
                and (t.for_all_operators
                     or exists (select 1 from app.treatment_operators tos
                                 where tos.treatment_id = t.id and tos.operator_id = o.id))
           ), '[]'::jsonb)
      from app.treatments t
     where t.merchant_id = caller_merchant_id
     order by t.name, t.id;
end
$$;
comment on function api.bookable_treatments(text) is
  'Client only: the merchant''s treatments, each with the operators who perform it.';
grant execute on function api.bookable_treatments(text) to authenticated;

create function api.booking_dates(merchant_slug text) returns text[]
language plpgsql stable set search_path = ''
as $$
declare
  today date := app_private.rome_today();
begin
  perform app_private.require_client(booking_dates.merchant_slug);
  return array(
    select to_char(today + offset_days, 'YYYY-MM-DD') from generate_series(0, 29) as offset_days
     order by offset_days
  );
end
$$;
comment on function api.booking_dates(text) is
  'Client only: the 30 bookable days, today first (Europe/Rome, rolling over at midnight).';
grant execute on function api.booking_dates(text) to authenticated;

-- The merchant's treatment, and the operator if one is chosen, checked to perform it.
create function app_private.bookable_treatment(merchant_id uuid, treatment_id uuid, operator_id uuid)
returns app.treatments
language plpgsql stable set search_path = ''
as $$
declare
  chosen app.treatments;
begin
  select t.* into chosen from app.treatments t
   where t.id = bookable_treatment.treatment_id and t.merchant_id = bookable_treatment.merchant_id;
  if chosen.id is null then
    raise sqlstate 'P0001' using message = 'Trattamento non trovato';
  end if;
  if bookable_treatment.operator_id is not null and not exists (
       select 1 from app.operators o
        where o.id = bookable_treatment.operator_id and o.merchant_id = bookable_treatment.merchant_id
          and (chosen.for_all_operators
               or exists (select 1 from app.treatment_operators tos
                           where tos.treatment_id = chosen.id and tos.operator_id = o.id))
     ) then
    raise sqlstate 'P0001' using message = 'L''operatore scelto non esegue questo trattamento';
  end if;
  return chosen;
end
$$;
grant execute on function app_private.bookable_treatment(uuid, uuid, uuid) to authenticated, service_role;

create function api.free_times(
  merchant_slug text,
  treatment_id uuid,
  operator_id uuid default null,
  date date default null
) returns text[]
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(free_times.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
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
       and (free_times.operator_id is null
            or not app_private.operator_is_busy(
                     free_times.operator_id, g.starts_at,
                     g.starts_at + make_interval(mins => chosen.duration_minutes)))
     order by g.starts_at
  );
end
$$;
comment on function api.free_times(text, uuid, uuid, date) is
  'Client only: the bookable start times (''HH:MM'', 09:00-19:00 every 15 minutes, Europe/Rome) of a '
  'day in the window: not past, and free of the chosen operator''s confirmed reservations for the '
  'treatment''s whole duration. Empty outside the 30-day window.';
grant execute on function api.free_times(text, uuid, uuid, date) to authenticated;

-- ============================================================================
-- Booking
-- ============================================================================
create function api.book_reservation(
  merchant_slug text,
  treatment_id uuid default null,
  operator_id uuid default null,
  date date default null,
  "time" text default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(book_reservation.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  chosen app.treatments;
  new_start timestamptz;
  new_end timestamptz;
  new_id uuid;
begin
  if book_reservation.treatment_id is null or book_reservation.date is null
     or nullif(btrim(coalesce(book_reservation."time", '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento, data e orario';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, book_reservation.treatment_id,
                                           book_reservation.operator_id);
  new_start := app_private.booking_start(book_reservation.date, book_reservation."time");
  new_end := new_start + make_interval(mins => chosen.duration_minutes);
  if book_reservation.operator_id is not null then
    perform app_private.claim_operator_slot(book_reservation.operator_id, new_start, new_end);
  end if;
  insert into app.reservations
    (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes)
  values
    (caller_merchant_id, caller_client_id, chosen.id, chosen.name, book_reservation.operator_id,
     new_start, new_end, 'in attesa', '')
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'message', 'Prenotazione salvata!');
end
$$;
comment on function api.book_reservation(text, uuid, uuid, date, text) is
  'Client only: books a treatment (operator optional = ''Nessuna preferenza'') at a date of the 30-day '
  'window and a time of the grid; refused when the operator has a confirmed reservation overlapping it. '
  'Starts ''in attesa''.';
grant execute on function api.book_reservation(text, uuid, uuid, date, text) to authenticated;

create function api.client_reservations(merchant_slug text)
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_reservations.merchant_slug);
begin
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at
      from app.reservation_rows v
     where v.client_id = caller_client_id
     order by v.starts_at desc, v.created_at desc, v.id;
end
$$;
comment on function api.client_reservations(text) is
  'Client only: the caller''s reservations at one merchant, latest appointment first.';
grant execute on function api.client_reservations(text) to authenticated;

-- ============================================================================
-- Answering a change, deleting a finished reservation
-- ============================================================================
create function app_private.client_reservation(reservation_id uuid) returns app.reservations
language plpgsql stable set search_path = ''
as $$
declare
  client_ids uuid[] := app_private.require_any_client();
  found_row app.reservations;
begin
  select r.* into found_row from app.reservations r
   where r.id = client_reservation.reservation_id and r.client_id = any (client_ids);
  if found_row.id is null then
    raise sqlstate 'P0001' using message = 'Prenotazione non trovata';
  end if;
  return found_row;
end
$$;
grant execute on function app_private.client_reservation(uuid) to authenticated, service_role;

create function api.accept_reservation_change(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  changed app.reservations := app_private.client_reservation(accept_reservation_change.reservation_id);
begin
  if changed.status <> 'modificata' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere accettata';
  end if;
  if changed.operator_id is not null then
    perform app_private.claim_operator_slot(changed.operator_id, changed.starts_at, changed.ends_at, changed.id);
  end if;
  update app.reservations r set status = 'confermata'
   where r.id = changed.id and r.status = 'modificata';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere accettata';
  end if;
  return jsonb_build_object('message', 'Modifica accettata: prenotazione confermata');
end
$$;
comment on function api.accept_reservation_change(uuid) is
  'Client only: accepts the merchant''s change, ''modificata'' -> ''confermata'' (operator re-checked under '
  'its lock).';
grant execute on function api.accept_reservation_change(uuid) to authenticated;

create function api.decline_reservation_change(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  changed app.reservations := app_private.client_reservation(decline_reservation_change.reservation_id);
begin
  update app.reservations r set status = 'rifiutata'
   where r.id = changed.id and r.status = 'modificata';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere rifiutata';
  end if;
  return jsonb_build_object('message', 'Modifica rifiutata: prenotazione annullata');
end
$$;
comment on function api.decline_reservation_change(uuid) is
  'Client only: declines the merchant''s change, ''modificata'' -> ''rifiutata''.';
grant execute on function api.decline_reservation_change(uuid) to authenticated;

create function api.delete_reservation(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  finished app.reservations := app_private.client_reservation(delete_reservation.reservation_id);
begin
  -- The delete policy holds the same rule: rifiutata, or confermata and started at least an hour ago.
  delete from app.reservations r
   where r.id = finished.id
     and (r.status = 'rifiutata' or (r.status = 'confermata' and r.starts_at <= now() - interval '1 hour'));
  if not found then
    raise sqlstate 'P0001' using message = 'Impossibile eliminare la prenotazione';
  end if;
  return jsonb_build_object('message', 'Prenotazione eliminata');
end
$$;
comment on function api.delete_reservation(uuid) is
  'Client only: deletes a reservation that is ''rifiutata'', or ''confermata'' and started at least one '
  'hour ago; otherwise ''Impossibile eliminare la prenotazione''.';
grant execute on function api.delete_reservation(uuid) to authenticated;
