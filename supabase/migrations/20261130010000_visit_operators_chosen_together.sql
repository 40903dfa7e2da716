-- A visit's operators chosen together, as confirming will assign them (app_private.visit_operators): two
-- parts without preference whose only operator is the same person, the first one's pause meeting the
-- second, are no longer offered, booked, nor refused only at confirm; api.visit_free_times answers each
-- start's parts (start and end) and the visit's total minutes and price, so the browser does no arithmetic.

drop function api.visit_free_times(text, jsonb, date);
drop function app_private.visit_fits(uuid, uuid[], uuid[], integer[], integer[], timestamptz);

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

-- A visit's parts as saved (booked, changed or moved) kept apart as app_private.visit_fits asks: no named
-- operator busy at once with another part naming that operator, and operators for all parts as confirming
-- will assign them (app_private.visit_operators). The refusal names the part.
create or replace function app_private.check_visit_parts_apart(visit_id uuid) returns void
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

create or replace function api.confirm_reservation(reservation_id uuid, operator_id uuid default null) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pending app.reservations := app_private.merchant_reservation(confirm_reservation.reservation_id, caller_merchant_id);
  part app.reservations;
  operators uuid[];
begin
  if pending.visit_id is null then
    perform app_private.confirm_request(pending.id, confirm_reservation.operator_id, caller_merchant_id);
  else
    -- A visit is confirmed whole or not at all: a part's refusal, named, undoes the parts before it. The
    -- parts without preference get operators chosen together, so that none meets another part.
    operators := app_private.saved_visit_operators(pending.visit_id, pending.id, confirm_reservation.operator_id);
    for part in select r.* from app.reservations r where r.visit_id = pending.visit_id order by r.visit_part loop
      begin
        perform app_private.confirm_request(
          part.id,
          case when part.id = pending.id and confirm_reservation.operator_id is not null
                 then confirm_reservation.operator_id
               when part.operator_id is null then operators[part.visit_part] end,
          caller_merchant_id);
      exception when sqlstate 'P0001' then
        raise sqlstate 'P0001' using message = format('%s: %s', part.treatment_name, sqlerrm);
      end;
    end loop;
  end if;
  return jsonb_build_object(
    'message', 'Prenotazione confermata',
    'operator_id', (select r.operator_id from app.reservations r where r.id = pending.id),
    'operator_name', (select r.operator_name from app.reservations r where r.id = pending.id));
end
$$;

comment on function api.confirm_reservation(uuid, uuid) is
  'Merchant only: ''in attesa'' -> ''confermata'', notes cleared. A request without preference gets an '
  'operator: operator_id if given (one who performs the treatment), otherwise the least busy free one '
  '(api.reservation_free_operators). Refused when the operator already has a confirmed reservation '
  'overlapping it (the exclusion constraint decides). A part of a visit confirms every part (operator_id '
  'for the part asked, the others without preference as app_private.visit_operators assigns them), all or '
  'none: a refusal names the part.';
