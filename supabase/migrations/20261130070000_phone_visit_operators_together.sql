-- A phone-booked visit's operators chosen for all its parts together (app_private.visit_operators).

create or replace function api.book_for_client(client_id uuid, parts jsonb, date date, "time" text) returns jsonb
language plpgsql set search_path = ''
-- Definer: a salon inserts appointments for its client only here and in api.book_series, after the checks.
security definer
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_start timestamptz;
  part_count integer;
  new_visit_id uuid;
  first_part record;
  one record;
  starts timestamptz;
  assigned uuid;
  found_id uuid;
  booked app.reservations;
  visit_operators uuid[];
begin
  perform app_private.series_client(book_for_client.client_id, caller_merchant_id);
  if book_for_client.date is null or nullif(btrim(coalesce(book_for_client."time", '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento, data e orario';
  end if;
  select p.* into first_part
    from app_private.phone_booking_parts(caller_merchant_id, book_for_client.parts) p order by p.part limit 1;
  part_count := jsonb_array_length(book_for_client.parts);
  new_start := app_private.booking_start(book_for_client.date, book_for_client."time");

  perform app_private.take_confirm_turn(caller_merchant_id);
  -- The same booking asked again (a second tap) finds the first.
  select coalesce(r.visit_id, r.id) into found_id from app.reservations r
   where r.client_id = book_for_client.client_id and r.status = 'confermata' and r.series_id is null
     and r.starts_at = new_start and r.treatment_id = first_part.treatment_id
     and coalesce(r.visit_part, 1) = 1 and (r.visit_id is not null) = (part_count > 1)
     and (first_part.operator_id is null or r.operator_id = first_part.operator_id);
  if found_id is not null then
    return jsonb_build_object('id', found_id, 'message', 'Appuntamento confermato');
  end if;

  new_visit_id := case when part_count > 1 then gen_random_uuid() end;
  -- A visit's operators chosen for all its parts together, as its free times and its confirm choose them.
  if new_visit_id is not null then
    select app_private.visit_operators(
             caller_merchant_id, array_agg(p.treatment_id order by p.part), array_agg(p.operator_id order by p.part),
             array_agg(new_start + make_interval(mins => p.offset_minutes) order by p.part),
             array_agg(new_start + make_interval(mins => p.offset_minutes + p.duration_minutes) order by p.part))
      into visit_operators
      from app_private.phone_booking_parts(caller_merchant_id, book_for_client.parts) p;
  end if;
  -- The parts with their operator first, so those with none get one free of them.
  for one in select p.* from app_private.phone_booking_parts(caller_merchant_id, book_for_client.parts) p
              order by p.operator_id is null, p.part loop
    starts := new_start + make_interval(mins => one.offset_minutes);
    begin
      perform app_private.check_slot_free(caller_merchant_id, one.treatment_id, one.operator_id, starts,
                                          starts + make_interval(mins => one.duration_minutes));
      assigned := coalesce(one.operator_id, visit_operators[one.part],
        (select f.operator_id from app_private.free_operators(caller_merchant_id, one.treatment_id, starts,
                                                              starts + make_interval(mins => one.duration_minutes)) f
          limit 1));
      if assigned is null then
        raise sqlstate 'P0001' using message = app_private.no_operator_free_message();
      end if;
      booked := app_private.insert_confirmed(
        book_for_client.client_id, (select t from app.treatments t where t.id = one.treatment_id), assigned, starts,
        visit_id => new_visit_id, visit_part => case when new_visit_id is not null then one.part end);
    exception when sqlstate 'P0001' then
      raise sqlstate 'P0001' using message = case when new_visit_id is null then sqlerrm
                                                  else format('%s: %s', one.treatment_name, sqlerrm) end;
    end;
  end loop;
  if new_visit_id is not null then
    perform app_private.check_visit_parts_apart(new_visit_id);
  end if;
  -- Told and reminded as when the salon confirms a request.
  for booked in select r.* from app.reservations r
                 where r.id = booked.id or r.visit_id = new_visit_id order by r.visit_part loop
    perform app_private.notify_customer(booked, 'confirmation', app_private.reservation_notice(booked));
    perform app_private.enqueue_reminders(booked);
  end loop;
  return jsonb_build_object('id', coalesce(new_visit_id, booked.id), 'message', 'Appuntamento confermato');
end
$$;

comment on function api.book_for_client(uuid, jsonb, date, text) is
  'Merchant only: books for its client (not erased), as the salon does on the phone, one treatment or a visit '
  '(parts = [{treatment_id, operator_id}], 1 to 4, as api.visit_free_times) at a date of the 30-day window and '
  'a time of the grid, confirmed at once: every part checked as a confirmation checks it '
  '(app_private.check_slot_free, app_private.check_visit_parts_apart), under the confirms'' turn '
  '(app_private.take_confirm_turn); a part with no operator gets the least busy free one. No open-request '
  'limit. The client is told and reminded as for a confirmation; the same booking asked again returns it.';
