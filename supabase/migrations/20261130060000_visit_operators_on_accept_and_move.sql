-- A visit's parts without preference get their operators together (app_private.saved_visit_operators) when
-- the customer accepts the salon's change and when the salon confirms her move at once, as api.confirm_reservation
-- gives them: two parts, two operators, the first one's pause meeting the second, are no longer refused by
-- giving the first part the operator the second one needs.

drop function app_private.accept_change(uuid);

-- Accepting a change to a request without preference assigns operator_id when given (a visit's part, as
-- app_private.saved_visit_operators chose it), else the least busy free operator.
create function app_private.accept_change(reservation_id uuid, operator_id uuid default null) returns void
language plpgsql set search_path = ''
as $$
declare
  changed app.reservations;
  candidate uuid;
  outcome text;
begin
  select r.* into changed from app.reservations r where r.id = accept_change.reservation_id;
  if changed.status is distinct from 'modificata' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere accettata';
  end if;
  if changed.operator_id is not null then
    outcome := app_private.confirm_slot(changed.id, 'modificata');
  elsif accept_change.operator_id is not null then
    outcome := app_private.confirm_slot(changed.id, 'modificata', accept_change.operator_id);
  else
    outcome := 'none';
    for candidate in
      select f.operator_id from app_private.free_operators(
        changed.merchant_id, changed.treatment_id, changed.starts_at, changed.ends_at, changed.id) f
       where not app_private.meets_own_visit(changed.id, f.operator_id)
    loop
      outcome := app_private.confirm_slot(changed.id, 'modificata', candidate);
      exit when outcome <> 'taken';
    end loop;
    if outcome in ('none', 'taken') then
      raise sqlstate 'P0001' using message = app_private.no_operator_free_message();
    end if;
  end if;
  if outcome = 'taken' then
    raise sqlstate 'P0001' using message = app_private.slot_taken_message();
  elsif outcome = 'not_found' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione modificata può essere accettata';
  end if;
end
$$;
grant execute on function app_private.accept_change(uuid, uuid) to authenticated, service_role;

create or replace function api.accept_reservation_change(reservation_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  changed app.reservations := app_private.client_reservation(accept_reservation_change.reservation_id);
  part app.reservations;
  operators uuid[];
begin
  if changed.visit_id is null then
    perform app_private.accept_change(changed.id);
  else
    -- A visit is accepted whole or not at all: a part's refusal, named, undoes the parts before it. The
    -- parts without preference get operators chosen together, so that none meets another part.
    operators := app_private.saved_visit_operators(changed.visit_id);
    for part in select r.* from app.reservations r where r.visit_id = changed.visit_id order by r.visit_part loop
      begin
        perform app_private.accept_change(part.id, operators[part.visit_part]);
      exception when sqlstate 'P0001' then
        raise sqlstate 'P0001' using message = format('%s: %s', part.treatment_name, sqlerrm);
      end;
    end loop;
  end if;
  return jsonb_build_object('message', 'Modifica accettata: prenotazione confermata');
end
$$;
grant execute on function api.accept_reservation_change(uuid) to authenticated;
comment on function api.accept_reservation_change(uuid) is
  'Client only: accepts the merchant''s change, ''modificata'' -> ''confermata''; without preference the '
  'least busy free operator who performs the treatment is assigned. Refused when the operator (or every '
  'such operator) has meanwhile a confirmed reservation overlapping it (the exclusion constraint decides). '
  'A part of a visit accepts every part (those without preference as app_private.visit_operators assigns '
  'them), all or none: a refusal names the part.';

-- The customer moves her visit whole (api.move_reservation has checked her and its first part): a new
-- pending visit, every part shifted by the same amount and linked to the part it replaces, which the
-- salon's confirm puts in the old visit's place (reservations_replace_the_moved_one, part by part).
create or replace function app_private.move_visit(first_part app.reservations, new_start timestamptz) returns jsonb
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
