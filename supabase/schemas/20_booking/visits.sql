-- A visit: 2 to 4 treatments in sequence on one day, each with its operator or none, booked as one
-- request. Each part starts when the previous treatment's own duration ends.

-- The parts as asked, checked: the salon's treatments, each once, each operator one who performs it.
create function app_private.visit_parts(merchant_id uuid, parts jsonb)
returns table (part integer, treatment_id uuid, treatment_name text, operator_id uuid, offset_minutes integer,
               duration_minutes integer)
language plpgsql stable set search_path = ''
as $$
declare
  asked jsonb;
  chosen app.treatments;
  seen uuid[] := '{}';
  running integer := 0;
begin
  if jsonb_typeof(visit_parts.parts) is distinct from 'array'
     or jsonb_array_length(visit_parts.parts) not between 2 and 4 then
    raise sqlstate '22023' using message = 'Una visita comprende da 2 a 4 trattamenti';
  end if;
  part := 0;
  for asked in select value from jsonb_array_elements(visit_parts.parts) loop
    part := part + 1;
    if jsonb_typeof(asked) is distinct from 'object'
       or coalesce(asked ->> 'treatment_id', '') !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
       or coalesce(asked ->> 'operator_id', '00000000-0000-0000-0000-000000000000')
            !~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then
      raise sqlstate '22023' using message = 'Seleziona un trattamento per ogni parte della visita';
    end if;
    operator_id := (asked ->> 'operator_id')::uuid;
    chosen := app_private.bookable_treatment(visit_parts.merchant_id, (asked ->> 'treatment_id')::uuid,
                                             operator_id);
    if chosen.id = any (seen) then
      raise sqlstate '22023' using message = format('%s è già nella visita', chosen.name);
    end if;
    seen := seen || chosen.id;
    treatment_id := chosen.id;
    treatment_name := chosen.name;
    offset_minutes := running;
    duration_minutes := chosen.duration_minutes;
    running := running + chosen.duration_minutes;
    return next;
  end loop;
end
$$;
grant execute on function app_private.visit_parts(uuid, jsonb) to authenticated, service_role;

-- The operators of a visit's parts, as confirming it will assign them: each part its named operator or,
-- with none, one of its free operators (least busy first), no operator given two parts whose busy spans
-- overlap (a pause after one treatment meeting the next). Indexed by part; a part left null when no
-- consistent choice exists (the first such part is the one to name). The one rule behind a visit's free
-- times, its booking and its confirm. reservation_ids: a saved visit's rows (their timing);
-- except_ids: the reservation each part replaces, passed to app_private.free_operators.
create function app_private.visit_operators(
  merchant_id uuid,
  treatment_ids uuid[],
  operator_ids uuid[],
  starts timestamptz[],
  ends timestamptz[],
  reservation_ids uuid[] default null,
  except_ids uuid[] default null
) returns uuid[]
language plpgsql stable set search_path = ''
as $$
declare
  part_count integer := cardinality(visit_operators.treatment_ids);
  -- The search's steps: the parts with a named operator first, then the others in order.
  part_at integer[] := array(select i from generate_subscripts(visit_operators.treatment_ids, 1) i
                              order by visit_operators.operator_ids[i] is null, i);
  busy tstzmultirange[];
  options uuid[] := '{}';
  first_option integer[];
  last_option integer[];
  tried integer[];
  chosen uuid[] := array_fill(null::uuid, array[part_count]);
  deepest uuid[] := chosen;
  depth integer := 0;
  reachable integer := 0;
  step integer := 1;
  p integer;
  clash boolean;
begin
  for s in 1 .. part_count loop
    p := part_at[s];
    busy[s] := app_private.candidate_busy(visit_operators.treatment_ids[p], visit_operators.starts[p],
                                          visit_operators.ends[p], visit_operators.reservation_ids[p]);
    first_option[s] := cardinality(options) + 1;
    options := options || case when visit_operators.operator_ids[p] is not null
      then array[visit_operators.operator_ids[p]]
      else array(select f.operator_id
                   from app_private.free_operators(visit_operators.merchant_id, visit_operators.treatment_ids[p],
                                                   visit_operators.starts[p], visit_operators.ends[p],
                                                   visit_operators.except_ids[p]) f) end;
    last_option[s] := cardinality(options);
    -- A part with no option: the search goes no further, and the later parts are not asked.
    exit when last_option[s] < first_option[s];
    reachable := s;
  end loop;
  if reachable = 0 then
    return deepest;
  end if;
  -- Depth first, each step's options in order: the first complete choice is the least busy one.
  tried[1] := first_option[1] - 1;
  while step > 0 loop
    tried[step] := tried[step] + 1;
    if tried[step] > last_option[step] then
      chosen[part_at[step]] := null;
      step := step - 1;
      continue;
    end if;
    clash := false;
    for earlier in 1 .. step - 1 loop
      if chosen[part_at[earlier]] = options[tried[step]] and busy[earlier] && busy[step] then
        clash := true;
        exit;
      end if;
    end loop;
    continue when clash;
    chosen[part_at[step]] := options[tried[step]];
    if step = reachable then
      return chosen;
    end if;
    if step > depth then
      depth := step;
      deepest := chosen;
    end if;
    step := step + 1;
    tried[step] := first_option[step] - 1;
  end loop;
  return deepest;
end
$$;
grant execute on function app_private.visit_operators(uuid, uuid[], uuid[], timestamptz[], timestamptz[], uuid[],
                                                      uuid[])
  to authenticated, service_role;

-- A saved visit's operators as app_private.visit_operators chooses them, the salon's choice of operator
-- for one part without preference taken as named.
create function app_private.saved_visit_operators(
  visit_id uuid,
  part_id uuid default null,
  operator_id uuid default null
) returns uuid[]
language sql stable set search_path = ''
as $$
  select app_private.visit_operators(
           (array_agg(r.merchant_id))[1],
           array_agg(r.treatment_id order by r.visit_part),
           array_agg(case when r.id = saved_visit_operators.part_id
                          then coalesce(r.operator_id, saved_visit_operators.operator_id)
                          else r.operator_id end order by r.visit_part),
           array_agg(r.starts_at order by r.visit_part),
           array_agg(r.ends_at order by r.visit_part),
           array_agg(r.id order by r.visit_part),
           array_agg(coalesce(r.moves_reservation_id, r.id) order by r.visit_part))
    from app.reservations r
   where r.visit_id = saved_visit_operators.visit_id
$$;
grant execute on function app_private.saved_visit_operators(uuid, uuid, uuid) to authenticated, service_role;

-- Does a visit fit from starts_at: every part with a named operator as app_private.slot_fits asks of one
-- treatment, and operators for all parts as confirming the visit will assign them
-- (app_private.visit_operators).
create function app_private.visit_fits(
  merchant_id uuid,
  treatment_ids uuid[],
  operator_ids uuid[],
  offsets integer[],
  durations integer[],
  starts_at timestamptz
) returns boolean
language sql stable set search_path = ''
as $$
  with part as (
    select p.n, p.treatment_id, p.operator_id,
           visit_fits.starts_at + make_interval(mins => p.offset_minutes) as starts_at,
           visit_fits.starts_at + make_interval(mins => p.offset_minutes + p.minutes) as ends_at
      from unnest(visit_fits.treatment_ids, visit_fits.operator_ids, visit_fits.offsets, visit_fits.durations)
             with ordinality as p(treatment_id, operator_id, offset_minutes, minutes, n)
  )
  select not exists (
           select 1 from part p
            where p.operator_id is not null
              and not app_private.slot_fits(visit_fits.merchant_id, p.treatment_id, p.operator_id, p.starts_at,
                                            p.ends_at))
         and array_position(
               app_private.visit_operators(visit_fits.merchant_id, visit_fits.treatment_ids, visit_fits.operator_ids,
                                           array(select p.starts_at from part p order by p.n),
                                           array(select p.ends_at from part p order by p.n)),
               null) is null
$$;
grant execute on function app_private.visit_fits(uuid, uuid[], uuid[], integer[], integer[], timestamptz)
  to authenticated, service_role;

create function api.visit_free_times(merchant_slug text, parts jsonb, date date) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_booking_party(visit_free_times.merchant_slug);
  bookable record := app_private.booking_window();
  treatment_ids uuid[];
  operator_ids uuid[];
  offsets integer[];
  durations integer[];
begin
  if visit_free_times.date is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento e data';
  end if;
  select array_agg(p.treatment_id order by p.part), array_agg(p.operator_id order by p.part),
         array_agg(p.offset_minutes order by p.part), array_agg(p.duration_minutes order by p.part)
    into treatment_ids, operator_ids, offsets, durations
    from app_private.visit_parts(caller_merchant_id, visit_free_times.parts) p;
  return jsonb_build_object(
    'minutes', offsets[cardinality(offsets)] + durations[cardinality(durations)],
    'price', (select sum(t.price) from app.treatments t where t.id = any (treatment_ids)),
    'times', coalesce((
      select jsonb_agg(jsonb_build_object(
               'time', g.label,
               'parts', (select jsonb_agg(jsonb_build_object(
                                  'part', p.n,
                                  'starts', to_char((g.starts_at + make_interval(mins => p.offset_minutes))
                                                      at time zone 'Europe/Rome', 'HH24:MI'),
                                  'ends', to_char((g.starts_at + make_interval(mins => p.offset_minutes + p.minutes))
                                                    at time zone 'Europe/Rome', 'HH24:MI')) order by p.n)
                           from unnest(offsets, durations) with ordinality as p(offset_minutes, minutes, n)))
               order by g.starts_at)
        from app_private.booking_grid(visit_free_times.date) g
       where visit_free_times.date between bookable.first_day and bookable.last_day
         and g.starts_at > now()
         and app_private.visit_fits(caller_merchant_id, treatment_ids, operator_ids, offsets, durations,
                                    g.starts_at)), '[]'::jsonb));
end
$$;
grant execute on function api.visit_free_times(text, jsonb, date) to authenticated;
comment on function api.visit_free_times(text, jsonb, date) is
  'The merchant itself or one of its clients: a visit''s total minutes and price and the start times '
  '(as api.free_times) of a day at which its whole sequence fits, each with every part''s start and end '
  '({minutes, price, times: [{time, parts: [{part, starts, ends}]}]}, times ''HH:MM'' in Rome), '
  'parts = [{treatment_id, operator_id}] (2 to 4, each treatment once, operator null for ''Nessuna '
  'preferenza''), each part starting when the previous treatment ends, fitting as api.free_times asks of '
  'one treatment and with operators for all parts as confirming will assign them (app_private.visit_fits).';

create function api.book_visit(
  merchant_slug text,
  parts jsonb default null,
  date date default null,
  "time" text default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(book_visit.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  new_start timestamptz;
  new_visit_id uuid := gen_random_uuid();
  found_visit_id uuid;
  open_limit integer;
  first_part record;
  one record;
begin
  perform app_private.require_confirmed_address(caller_client_id);
  if book_visit.date is null or nullif(btrim(coalesce(book_visit."time", '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento, data e orario';
  end if;
  select * into first_part from app_private.visit_parts(caller_merchant_id, book_visit.parts) p
   where p.part = 1;
  new_start := app_private.booking_start(book_visit.date, book_visit."time");

  -- The same lock as api.book_reservation: one customer's bookings at one salon, one at a time.
  perform pg_advisory_xact_lock(hashtextextended('book_reservation ' || caller_client_id::text, 0));
  select r.visit_id into found_visit_id from app.reservations r
   where r.client_id = caller_client_id and r.status = 'in attesa' and r.visit_part = 1
     and r.treatment_id = first_part.treatment_id and r.operator_id is not distinct from first_part.operator_id
     and r.starts_at = new_start;
  if found_visit_id is not null then
    return jsonb_build_object('id', found_visit_id, 'message', 'Prenotazione salvata!');
  end if;

  -- A visit counts as one request.
  open_limit := app_private.open_request_limit(caller_merchant_id);
  if (select count(distinct coalesce(r.visit_id, r.id)) from app.reservations r
       where r.client_id = caller_client_id and r.status in ('in attesa', 'modificata')
         and r.starts_at > now()) >= open_limit then
    raise sqlstate 'P0001' using message = case when open_limit = 1
      then 'Hai già una richiesta in attesa in questo salone: attendi una risposta o annullala'
      else format('Hai già %s richieste in attesa in questo salone: attendi una risposta o annullane una',
                  open_limit) end;
  end if;

  for one in select * from app_private.visit_parts(caller_merchant_id, book_visit.parts) p order by p.part loop
    begin
      perform app_private.check_slot_free(
        caller_merchant_id, one.treatment_id, one.operator_id,
        new_start + make_interval(mins => one.offset_minutes),
        new_start + make_interval(mins => one.offset_minutes + one.duration_minutes));
    exception when sqlstate 'P0001' then
      raise sqlstate 'P0001' using message = format('%s: %s', one.treatment_name, sqlerrm);
    end;
    insert into app.reservations
      (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes,
       visit_id, visit_part)
    values
      (caller_merchant_id, caller_client_id, one.treatment_id, one.treatment_name, one.operator_id,
       new_start + make_interval(mins => one.offset_minutes),
       new_start + make_interval(mins => one.offset_minutes + one.duration_minutes), 'in attesa', '',
       new_visit_id, one.part);
  end loop;
  perform app_private.check_visit_parts_apart(new_visit_id);
  return jsonb_build_object('id', new_visit_id, 'message', 'Prenotazione salvata!');
end
$$;
grant execute on function api.book_visit(text, jsonb, date, text) to authenticated;
comment on function api.book_visit(text, jsonb, date, text) is
  'Client only: books a visit (parts as api.visit_free_times) starting at a date of the 30-day window and '
  'a time of the grid, as one request: every part ''in attesa'' with the same visit_id; refused, naming the '
  'part, when a part does not fit (app_private.check_slot_free) or its operator would be busy with another '
  'part (app_private.check_visit_parts_apart); counts as one open request. The same '
  'visit asked again while pending returns it.';

-- A visit shifted whole (the salon's change, the customer's move): every part checked at its new time as
-- when booked, its own row set aside; the refusal names the part.
create function app_private.check_visit_shift(visit_id uuid, shift interval) returns void
language plpgsql stable set search_path = ''
as $$
declare
  part app.reservations;
begin
  for part in select r.* from app.reservations r where r.visit_id = check_visit_shift.visit_id
               order by r.visit_part loop
    begin
      perform app_private.check_slot_free(part.merchant_id, part.treatment_id, part.operator_id,
                                          part.starts_at + check_visit_shift.shift,
                                          part.ends_at + check_visit_shift.shift, part.id);
    exception when sqlstate 'P0001' then
      raise sqlstate 'P0001' using message = format('%s: %s', part.treatment_name, sqlerrm);
    end;
  end loop;
end
$$;
grant execute on function app_private.check_visit_shift(uuid, interval) to authenticated, service_role;

-- Whether the operator, given this part of a visit, would be busy at once with another of its parts that
-- names that operator (a pause after one treatment meeting the next): confirm and accept pass over them.
create function app_private.meets_own_visit(reservation_id uuid, operator_id uuid) returns boolean
language sql stable set search_path = ''
as $$
  select exists (
    select 1 from app.reservations part
      join app.reservations other on other.visit_id = part.visit_id and other.id <> part.id
     where part.id = meets_own_visit.reservation_id
       and other.operator_id = meets_own_visit.operator_id
       and other.operator_busy && app_private.busy_span(part.starts_at, part.ends_at, part.buffer_minutes,
                                                        part.processing_offset_minutes, part.processing_minutes))
$$;
grant execute on function app_private.meets_own_visit(uuid, uuid) to authenticated, service_role;

-- The customer moves her visit whole (api.move_reservation has checked her and its first part): a new
-- pending visit, every part shifted by the same amount and linked to the part it replaces, which the
-- salon's confirm puts in the old visit's place (reservations_replace_the_moved_one, part by part).
create function app_private.move_visit(first_part app.reservations, new_start timestamptz) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  shift interval := move_visit.new_start - move_visit.first_part.starts_at;
  new_visit_id uuid;
  part app.reservations;
  operators uuid[];
  outcome text;
begin
  for part in select r.* from app.reservations r where r.visit_id = move_visit.first_part.visit_id loop
    if part.treatment_id is null then
      raise sqlstate 'P0001' using message = 'Il trattamento non è più disponibile: prenota di nuovo';
    end if;
    perform app_private.bookable_treatment(part.merchant_id, part.treatment_id, part.operator_id);
  end loop;

  -- Her moves take turns, as her bookings do: a repeated tap finds the first request.
  perform pg_advisory_xact_lock(hashtextextended('book_reservation ' || move_visit.first_part.client_id::text, 0));
  select m.visit_id into new_visit_id from app.reservations m
   where m.moves_reservation_id = move_visit.first_part.id and m.status in ('in attesa', 'modificata');
  if new_visit_id is not null then
    if (select m.starts_at from app.reservations m
         where m.visit_id = new_visit_id and m.visit_part = 1) = move_visit.new_start then
      return jsonb_build_object('id', new_visit_id, 'message', 'Richiesta di spostamento inviata');
    end if;
    raise sqlstate 'P0001'
      using message = 'Hai già chiesto di spostare questo appuntamento: attendi la risposta del salone';
  end if;
  perform app_private.check_visit_shift(move_visit.first_part.visit_id, shift);
  new_visit_id := gen_random_uuid();
  insert into app.reservations
    (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes,
     moves_reservation_id, visit_id, visit_part)
  select r.merchant_id, r.client_id, r.treatment_id, r.treatment_name, r.operator_id, r.starts_at + shift,
         r.ends_at + shift, 'in attesa', '', r.id, new_visit_id, r.visit_part
    from app.reservations r where r.visit_id = move_visit.first_part.visit_id;
  -- The salon's inbox shows the time it replaces beside the new one.
  update app.reservations r
     set notes = format('Spostamento dell''appuntamento del %s alle %s',
                        to_char(move_visit.first_part.starts_at at time zone 'Europe/Rome', 'DD-MM-YYYY'),
                        to_char(move_visit.first_part.starts_at at time zone 'Europe/Rome', 'HH24:MI'))
   where r.visit_id = new_visit_id;
  perform app_private.check_visit_parts_apart(new_visit_id);
  if not app_private.moves_confirmed_at_once(move_visit.first_part.merchant_id) then
    return jsonb_build_object('id', new_visit_id, 'message', 'Richiesta di spostamento inviata');
  end if;
  -- The salon confirms moves at once: every part as its confirm would, or none, the parts without
  -- preference given operators together (app_private.saved_visit_operators).
  operators := app_private.saved_visit_operators(new_visit_id);
  for part in select r.* from app.reservations r where r.visit_id = new_visit_id order by r.visit_part loop
    outcome := case when operators[part.visit_part] is null then 'none'
                    else app_private.confirm_slot(part.id, 'in attesa', operators[part.visit_part], true) end;
    if outcome in ('none', 'taken') then
      raise sqlstate 'P0001' using message = format('%s: %s', part.treatment_name, app_private.slot_taken_message());
    end if;
  end loop;
  return jsonb_build_object('id', new_visit_id, 'message', 'Appuntamento spostato');
end
$$;
grant execute on function app_private.move_visit(app.reservations, timestamptz) to authenticated, service_role;

-- A visit's parts as saved (booked, changed or moved) kept apart as app_private.visit_fits asks: no named
-- operator busy at once with another part naming that operator, and operators for all parts as confirming
-- will assign them (app_private.visit_operators). The refusal names the part.
create function app_private.check_visit_parts_apart(visit_id uuid) returns void
language plpgsql stable set search_path = ''
as $$
declare
  unplaced integer := array_position(app_private.saved_visit_operators(check_visit_parts_apart.visit_id), null);
  refused text;
begin
  select r.treatment_name into refused from app.reservations r
   where r.visit_id = check_visit_parts_apart.visit_id
     and ((r.operator_id is not null and app_private.meets_own_visit(r.id, r.operator_id))
          or r.visit_part = unplaced)
   order by r.visit_part limit 1;
  if refused is not null then
    raise sqlstate 'P0001' using message = format(
      '%s: Orario non disponibile: l''operatore è impegnato con un altro trattamento della visita', refused);
  end if;
end
$$;
grant execute on function app_private.check_visit_parts_apart(uuid) to authenticated, service_role;
