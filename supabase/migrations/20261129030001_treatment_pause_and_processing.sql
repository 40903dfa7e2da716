-- Treatments get an optional pause after them (cleaning: the operator stays busy, 0-60 minutes by 5)
-- and an optional processing gap inside them (colour that sets: the operator is free for other clients
-- while the client stays). A reservation copies its treatment's timing when it is made and keeps the
-- operator's busy span in operator_busy; the exclusion constraint now keeps those spans apart, and free
-- times, free operators and the confirmation checks ask the same spans.

-- ============================================================================
-- Treatments: the pause and the processing gap
-- ============================================================================
alter table app.treatments
  add column buffer_minutes integer not null default 0,
  add column processing_offset_minutes integer,
  add column processing_minutes integer,
  add constraint treatments_buffer_0_to_60_by_5
    check (buffer_minutes between 0 and 60 and buffer_minutes % 5 = 0),
  add constraint treatments_processing_inside check (
    (processing_offset_minutes is null) = (processing_minutes is null)
    and (processing_offset_minutes is null
         or (processing_offset_minutes >= 5 and processing_minutes >= 5
             and processing_offset_minutes % 5 = 0 and processing_minutes % 5 = 0
             and processing_offset_minutes + processing_minutes < duration_minutes)));
grant update (buffer_minutes, processing_offset_minutes, processing_minutes) on app.treatments to authenticated;
comment on table app.treatments is
  'What a merchant offers: duration in minutes and price in euro. for_all_operators = every operator '
  'performs it; otherwise app.treatment_operators lists who does. buffer_minutes: after the treatment its '
  'operator stays busy (cleaning, 0-60, by 5); processing_offset_minutes/processing_minutes: a gap inside '
  'it (colour that sets) when the operator is free for others while the client stays (both or neither).';

drop function api.list_treatments();
create function api.list_treatments()
returns table (
  id uuid, name text, description text, duration_minutes integer, price numeric,
  for_all_operators boolean, operator_ids uuid[], created_at timestamptz,
  buffer_minutes integer, processing_offset_minutes integer, processing_minutes integer
)
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return query
    select t.id, t.name, t.description, t.duration_minutes, t.price::numeric, t.for_all_operators,
           coalesce((select array_agg(tos.operator_id order by tos.operator_id)
                       from app.treatment_operators tos where tos.treatment_id = t.id), '{}'),
           t.created_at, t.buffer_minutes, t.processing_offset_minutes, t.processing_minutes
      from app.treatments t
     where t.merchant_id = caller_merchant_id
     order by t.created_at, t.name;
end
$$;
grant execute on function api.list_treatments() to authenticated;
comment on function api.list_treatments() is
  'Merchant only: its treatments, oldest first; operator_ids lists the chosen operators (empty when '
  'for_all_operators); buffer_minutes and the processing gap (offset and minutes, null when none).';

-- A treatment's timing: the pause after it and the processing gap inside it, refused in Italian.
create function app_private.check_treatment_timing(
  duration_minutes integer,
  buffer_minutes integer,
  processing_offset_minutes integer,
  processing_minutes integer
) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if check_treatment_timing.buffer_minutes is null or check_treatment_timing.buffer_minutes < 0
     or check_treatment_timing.buffer_minutes > 60 or check_treatment_timing.buffer_minutes % 5 <> 0 then
    raise sqlstate '22023'
      using message = 'La pausa dopo il trattamento deve essere tra 0 e 60 minuti, a multipli di 5';
  end if;
  if (check_treatment_timing.processing_offset_minutes is null)
     <> (check_treatment_timing.processing_minutes is null) then
    raise sqlstate '22023' using message = 'Indica sia l''inizio sia la durata del tempo di posa';
  end if;
  if check_treatment_timing.processing_offset_minutes is not null and (
       check_treatment_timing.processing_offset_minutes < 5 or check_treatment_timing.processing_minutes < 5
       or check_treatment_timing.processing_offset_minutes % 5 <> 0
       or check_treatment_timing.processing_minutes % 5 <> 0
       or check_treatment_timing.processing_offset_minutes + check_treatment_timing.processing_minutes
          >= check_treatment_timing.duration_minutes) then
    raise sqlstate '22023' using message =
      'Il tempo di posa deve cominciare e finire dentro la durata del trattamento, a multipli di 5 minuti';
  end if;
end
$$;
grant execute on function app_private.check_treatment_timing(integer, integer, integer, integer)
  to authenticated, service_role;

drop function api.add_treatment(text, text, integer, numeric, uuid[]);
create or replace function api.add_treatment(
  name text,
  description text,
  duration_minutes integer,
  price numeric,
  operator_ids uuid[] default null,
  buffer_minutes integer default 0,
  processing_offset_minutes integer default null,
  processing_minutes integer default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(add_treatment.name, '')), '');
  new_description text := nullif(btrim(coalesce(add_treatment.description, '')), '');
  chosen uuid[] := (select array_agg(distinct chosen_id) from unnest(add_treatment.operator_ids) as chosen_id);
  new_id uuid;
begin
  if new_name is null or new_description is null or add_treatment.duration_minutes is null
     or add_treatment.price is null
     or (add_treatment.operator_ids is not null and chosen is null) then
    raise sqlstate 'P0001' using message = 'Compila tutti i campi del form';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome del trattamento');
  perform app_private.require_max_length(new_description, 1000, 'La descrizione');
  if add_treatment.duration_minutes < 5 or add_treatment.duration_minutes > 600 then
    raise sqlstate '22023' using message = 'La durata deve essere compresa tra 5 e 600 minuti';
  end if;
  perform app_private.check_treatment_timing(add_treatment.duration_minutes, add_treatment.buffer_minutes,
                                             add_treatment.processing_offset_minutes, add_treatment.processing_minutes);
  perform app_private.require_finite(add_treatment.price, 'Il prezzo non è valido');
  if add_treatment.price < 0 or round(add_treatment.price, 2) > 10000 then
    raise sqlstate '22023' using message = 'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00';
  end if;
  if array_position(chosen, null) is not null
     or (select count(*) from app.operators o
          where o.merchant_id = caller_merchant_id and o.id = any (chosen)) <> coalesce(cardinality(chosen), 0) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  insert into app.treatments (merchant_id, name, description, duration_minutes, price, for_all_operators,
                              buffer_minutes, processing_offset_minutes, processing_minutes)
  values (caller_merchant_id, new_name, new_description, add_treatment.duration_minutes,
          round(add_treatment.price, 2), chosen is null, add_treatment.buffer_minutes,
          add_treatment.processing_offset_minutes, add_treatment.processing_minutes)
  returning id into new_id;
  insert into app.treatment_operators (merchant_id, treatment_id, operator_id)
  select caller_merchant_id, new_id, chosen_id from unnest(chosen) as chosen_id;
  return jsonb_build_object('id', new_id, 'message', 'Trattamento registrato!');
end
$$;
grant execute on function api.add_treatment(text, text, integer, numeric, uuid[], integer, integer, integer)
  to authenticated;
comment on function api.add_treatment(text, text, integer, numeric, uuid[], integer, integer, integer) is
  'Merchant only: registers a treatment (all fields required; name up to 100 characters, description up to '
  '1000, duration 5 to 600 minutes, price 0 to 10000.00 euro); operator_ids null = every operator, '
  'otherwise at least one of its operators. Optional: buffer_minutes after it (0-60, by 5) and a processing '
  'gap inside it (processing_offset_minutes from its start, processing_minutes long, both by 5).';

drop function api.update_treatment(uuid, text, text, integer, numeric, uuid[]);
create function api.update_treatment(
  treatment_id uuid,
  name text,
  description text,
  duration_minutes integer,
  price numeric,
  operator_ids uuid[] default null,
  buffer_minutes integer default 0,
  processing_offset_minutes integer default null,
  processing_minutes integer default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(update_treatment.name, '')), '');
  new_description text := nullif(btrim(coalesce(update_treatment.description, '')), '');
  chosen uuid[] := (select array_agg(distinct chosen_id) from unnest(update_treatment.operator_ids) as chosen_id);
begin
  if new_name is null or new_description is null or update_treatment.duration_minutes is null
     or update_treatment.price is null
     or (update_treatment.operator_ids is not null and chosen is null) then
    raise sqlstate 'P0001' using message = 'Compila tutti i campi del form';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome del trattamento');
  perform app_private.require_max_length(new_description, 1000, 'La descrizione');
  if update_treatment.duration_minutes < 5 or update_treatment.duration_minutes > 600 then
    raise sqlstate '22023' using message = 'La durata deve essere compresa tra 5 e 600 minuti';
  end if;
  perform app_private.check_treatment_timing(update_treatment.duration_minutes, update_treatment.buffer_minutes,
                                             update_treatment.processing_offset_minutes, update_treatment.processing_minutes);
  perform app_private.require_finite(update_treatment.price, 'Il prezzo non è valido');
  if update_treatment.price < 0 or round(update_treatment.price, 2) > 10000 then
    raise sqlstate '22023' using message = 'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00';
  end if;
  if array_position(chosen, null) is not null
     or (select count(*) from app.operators o
          where o.merchant_id = caller_merchant_id and o.id = any (chosen)) <> coalesce(cardinality(chosen), 0) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  update app.treatments t
     set name = new_name, description = new_description, duration_minutes = update_treatment.duration_minutes,
         price = round(update_treatment.price, 2), for_all_operators = chosen is null,
         buffer_minutes = update_treatment.buffer_minutes,
         processing_offset_minutes = update_treatment.processing_offset_minutes,
         processing_minutes = update_treatment.processing_minutes
   where t.id = update_treatment.treatment_id and t.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Trattamento non trovato';
  end if;
  delete from app.treatment_operators tos
   where tos.treatment_id = update_treatment.treatment_id and tos.merchant_id = caller_merchant_id;
  insert into app.treatment_operators (merchant_id, treatment_id, operator_id)
  select caller_merchant_id, update_treatment.treatment_id, chosen_id from unnest(chosen) as chosen_id;
  return jsonb_build_object('message', 'Trattamento aggiornato');
end
$$;
grant execute on function api.update_treatment(uuid, text, text, integer, numeric, uuid[], integer, integer, integer)
  to authenticated;
comment on function api.update_treatment(uuid, text, text, integer, numeric, uuid[], integer, integer, integer) is
  'Merchant only: changes one of its treatments (same fields and bounds as add_treatment); operator_ids '
  'null = every operator, otherwise at least one of its operators; the pause and processing gap as in '
  'add_treatment (left out: none). Reservations already made keep their times, pause and processing gap '
  'and the name they were booked with.';

-- ============================================================================
-- Reservations: the operator's busy span, kept apart by the exclusion constraint
-- ============================================================================
alter table app.reservations
  add column buffer_minutes integer not null default 0,
  add column processing_offset_minutes integer,
  add column processing_minutes integer,
  add column operator_busy tstzmultirange,
  add constraint reservations_buffer_0_to_60 check (buffer_minutes between 0 and 60),
  add constraint reservations_processing_both_or_neither
    check ((processing_offset_minutes is null) = (processing_minutes is null));

-- The operator's busy span of a treatment at [starts_at, ends_at): the pause after it added, the processing
-- gap (minutes from its start) taken out; a gap that no longer fits inside is ignored.
create function app_private.busy_span(
  starts_at timestamptz,
  ends_at timestamptz,
  buffer_minutes integer,
  processing_offset_minutes integer,
  processing_minutes integer
) returns tstzmultirange
language sql stable set search_path = ''
as $$
  select case
    when busy_span.processing_offset_minutes is null or busy_span.processing_minutes is null
         or busy_span.processing_offset_minutes <= 0
         or busy_span.starts_at + make_interval(mins => busy_span.processing_offset_minutes
                                                        + busy_span.processing_minutes) >= busy_span.ends_at
      then tstzmultirange(tstzrange(busy_span.starts_at,
                                    busy_span.ends_at + make_interval(mins => coalesce(busy_span.buffer_minutes, 0))))
    else tstzmultirange(
           tstzrange(busy_span.starts_at,
                     busy_span.starts_at + make_interval(mins => busy_span.processing_offset_minutes)),
           tstzrange(busy_span.starts_at + make_interval(mins => busy_span.processing_offset_minutes
                                                                 + busy_span.processing_minutes),
                     busy_span.ends_at + make_interval(mins => coalesce(busy_span.buffer_minutes, 0))))
  end
$$;
grant execute on function app_private.busy_span(timestamptz, timestamptz, integer, integer, integer)
  to authenticated, service_role;

-- Reservations made before keep exactly the span they had: [starts_at, ends_at).
alter table app.reservations disable trigger reservations_follow_the_state_machine;
update app.reservations set operator_busy = tstzmultirange(tstzrange(starts_at, ends_at));
alter table app.reservations enable trigger reservations_follow_the_state_machine;
alter table app.reservations alter column operator_busy set not null;
alter table app.reservations drop constraint reservations_operator_never_double_booked;
alter table app.reservations add constraint reservations_operator_never_double_booked
  exclude using gist (operator_id with =, operator_busy with &&)
  where (status = 'confermata');
comment on table app.reservations is
  'A client''s request for a treatment at [starts_at, ends_at), with an operator or none (''Nessuna '
  'preferenza''). status follows spec §4; notes hold the merchant''s modify note or reject reason. '
  'Constraint reservations_operator_never_double_booked: the busy spans (operator_busy) of one operator''s '
  'confirmed reservations never overlap.';
comment on column app.reservations.operator_busy is
  'When the operator is busy with it: [starts_at, ends_at) plus the pause after it, less the processing '
  'gap (app_private.busy_span of the timing copied from the treatment at booking; kept by a trigger).';

-- A new reservation takes its treatment's timing; every write recomputes the operator's busy span.
-- Definer: reads the treatment whoever books.
create function app_private.record_operator_busy() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    select coalesce(t.buffer_minutes, 0), t.processing_offset_minutes, t.processing_minutes
      into new.buffer_minutes, new.processing_offset_minutes, new.processing_minutes
      from (select 1) as one
      left join app.treatments t on t.id = new.treatment_id and t.merchant_id = new.merchant_id;
  end if;
  new.operator_busy := app_private.busy_span(new.starts_at, new.ends_at, new.buffer_minutes,
                                             new.processing_offset_minutes, new.processing_minutes);
  return new;
end
$$;

create trigger reservations_record_operator_busy
  before insert or update on app.reservations
  for each row execute function app_private.record_operator_busy();

-- ============================================================================
-- Free times and the checks ask the busy spans
-- ============================================================================
drop function app_private.operator_has_confirmed_overlap(uuid, timestamptz, timestamptz, uuid);
drop function app_private.operator_is_busy(uuid, timestamptz, timestamptz, uuid);
drop function app_private.check_operator_free(uuid, timestamptz, timestamptz, uuid);

-- The operator's busy span a treatment at [starts_at, ends_at) would take: the timing the reservation was
-- booked with when there is one, else the treatment's (a plain [starts_at, ends_at) without either).
-- Definer: reads the treatment and reservation whoever asks; callers have checked the caller.
create function app_private.candidate_busy(
  treatment_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  reservation_id uuid default null
) returns tstzmultirange
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    (select app_private.busy_span(candidate_busy.starts_at, candidate_busy.ends_at, r.buffer_minutes,
                                  r.processing_offset_minutes, r.processing_minutes)
       from app.reservations r where r.id = candidate_busy.reservation_id),
    (select app_private.busy_span(candidate_busy.starts_at, candidate_busy.ends_at, t.buffer_minutes,
                                  t.processing_offset_minutes, t.processing_minutes)
       from app.treatments t where t.id = candidate_busy.treatment_id),
    tstzmultirange(tstzrange(candidate_busy.starts_at, candidate_busy.ends_at)))
$$;
grant execute on function app_private.candidate_busy(uuid, timestamptz, timestamptz, uuid)
  to authenticated, service_role;

create function app_private.operator_has_confirmed_overlap(
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null,
  treatment_id uuid default null
) returns boolean
language sql stable set search_path = ''
as $$
  -- Asked as the exclusion constraint reservations_operator_never_double_booked states it, so that
  -- its index answers: the busy spans overlap.
  select exists (
    select 1 from app.reservations r
     where r.operator_id = operator_has_confirmed_overlap.operator_id
       and r.status = 'confermata'
       and r.operator_busy && app_private.candidate_busy(
             operator_has_confirmed_overlap.treatment_id, operator_has_confirmed_overlap.starts_at,
             operator_has_confirmed_overlap.ends_at, operator_has_confirmed_overlap.except_reservation_id)
       and r.id is distinct from operator_has_confirmed_overlap.except_reservation_id
  )
$$;
comment on function app_private.operator_has_confirmed_overlap(uuid, timestamptz, timestamptz, uuid, uuid) is
  'Whether the operator has a confirmed reservation whose busy span overlaps the one of treatment_id at '
  '[starts_at, ends_at) (app_private.candidate_busy), other than except_reservation_id. Reads every '
  'reservation (no RLS check): call it from a function that has checked the caller.';

-- Busy: a confirmed appointment of the operator overlaps the slot (after checking the caller may see
-- the operator).
create or replace function app_private.operator_is_busy(
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null,
  treatment_id uuid default null
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
                                                    operator_is_busy.ends_at, operator_is_busy.except_reservation_id,
                                                    operator_is_busy.treatment_id);
end
$$;
grant execute on function app_private.operator_is_busy(uuid, timestamptz, timestamptz, uuid, uuid)
  to authenticated, service_role;

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
                        g.starts_at + make_interval(mins => chosen.duration_minutes), null, chosen.id)
           end
     order by g.starts_at
  );
end
$$;
grant execute on function api.free_times(text, uuid, uuid, date) to authenticated;
comment on function api.free_times(text, uuid, uuid, date) is
  'The merchant itself or one of its clients: the bookable start times (''HH:MM'' of the 15-minute grid, '
  'Europe/Rome) of a day in the 30-day window: not past, the salon open for the whole treatment, and the '
  'chosen operator (or, with none, at least one who performs it) at work for its whole duration and free for '
  'its busy span (with the pause after it, without its processing gap).';

-- Refuses a slot the operator already has confirmed (a courtesy check before the constraint decides).
create function app_private.check_operator_free(
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null,
  treatment_id uuid default null
) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if check_operator_free.operator_id is not null and app_private.operator_is_busy(
       check_operator_free.operator_id, check_operator_free.starts_at, check_operator_free.ends_at,
       check_operator_free.except_reservation_id, check_operator_free.treatment_id) then
    raise sqlstate 'P0001' using message = app_private.slot_taken_message();
  end if;
end
$$;
grant execute on function app_private.check_operator_free(uuid, timestamptz, timestamptz, uuid, uuid)
  to authenticated, service_role;

-- Free operators: at work that day, in an open salon.
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
                                                          free_operators.except_reservation_id,
                                                          free_operators.treatment_id)
     order by 4, o.name, o.id;
end
$$;
grant execute on function app_private.free_operators(uuid, uuid, timestamptz, timestamptz, uuid) to authenticated, service_role;

-- A named operator: the salon open, the operator at work, then not busy.
create or replace function app_private.check_slot_free(
  merchant_id uuid,
  treatment_id uuid,
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null
) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not app_private.salon_open(check_slot_free.merchant_id, check_slot_free.starts_at, check_slot_free.ends_at) then
    raise sqlstate 'P0001' using message = app_private.salon_closed_message();
  end if;
  if check_slot_free.operator_id is not null then
    if not app_private.operator_available(check_slot_free.operator_id, check_slot_free.starts_at,
                                            check_slot_free.ends_at) then
      raise sqlstate 'P0001' using message = app_private.operator_absent_message();
    end if;
    perform app_private.check_operator_free(check_slot_free.operator_id, check_slot_free.starts_at,
                                            check_slot_free.ends_at, check_slot_free.except_reservation_id,
                                            check_slot_free.treatment_id);
  elsif not exists (
    select 1 from app_private.free_operators(check_slot_free.merchant_id, check_slot_free.treatment_id,
                                             check_slot_free.starts_at, check_slot_free.ends_at,
                                             check_slot_free.except_reservation_id)
  ) then
    raise sqlstate 'P0001' using message = app_private.no_operator_free_message();
  end if;
end
$$;
grant execute on function app_private.check_slot_free(uuid, uuid, uuid, timestamptz, timestamptz, uuid)
  to authenticated, service_role;

create or replace function app_private.slot_already_taken(
  merchant_id uuid,
  treatment_id uuid,
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  reservation_id uuid
) returns boolean
language sql stable set search_path = ''
as $$
  select case
    when slot_already_taken.operator_id is not null then
      app_private.operator_is_busy(slot_already_taken.operator_id, slot_already_taken.starts_at,
                                   slot_already_taken.ends_at, slot_already_taken.reservation_id,
                                   slot_already_taken.treatment_id)
    else not exists (
      select 1 from app_private.free_operators(slot_already_taken.merchant_id, slot_already_taken.treatment_id,
                                               slot_already_taken.starts_at, slot_already_taken.ends_at,
                                               slot_already_taken.reservation_id))
  end
$$;
grant execute on function app_private.slot_already_taken(uuid, uuid, uuid, timestamptz, timestamptz, uuid) to authenticated, service_role;
