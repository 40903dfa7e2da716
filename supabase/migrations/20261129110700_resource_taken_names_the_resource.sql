-- Confirming a request whose cabin or equipment another appointment holds says which one is in use
-- ("Orario non disponibile: Cabina 2 è già in uso in quell'orario"), not that the operator is busy:
-- confirm_slot tells the resources' exclusion constraint from the operators' one.

drop function app_private.resource_taken_message();

-- The Italian message for a resource in use, naming it when the caller knows which.
create function app_private.resource_taken_message(resource_name text default null) returns text
language sql immutable set search_path = ''
as $$
  select case
    when resource_taken_message.resource_name is null
      then 'Orario non disponibile: una cabina o un''attrezzatura necessaria è già occupata in questa fascia'
    else format('Orario non disponibile: %s è già in uso in quell''orario', resource_taken_message.resource_name)
  end
$$;
grant execute on function app_private.resource_taken_message(text) to authenticated, service_role;

-- The resource that keeps a reservation from being confirmed: one its treatment needs, held by another
-- reservation over the time it would hold it (app_private.book_resources); null when none is.
create function app_private.taken_resource_name(reservation_id uuid) returns text
language sql stable set search_path = ''
as $$
  select rs.name
    from app.reservations r
    join app.treatment_resources tr on tr.treatment_id = r.treatment_id and tr.merchant_id = r.merchant_id
    join app.resources rs on rs.id = tr.resource_id
   where r.id = taken_resource_name.reservation_id
     and exists (
       select 1 from app.resource_bookings b
        where b.resource_id = rs.id and b.reservation_id <> r.id
          and b.busy && tstzrange(r.starts_at, r.ends_at + make_interval(mins => r.buffer_minutes)))
   order by rs.name
   limit 1
$$;
grant execute on function app_private.taken_resource_name(uuid) to authenticated, service_role;

create or replace function app_private.confirm_slot(
  reservation_id uuid,
  from_status text,
  operator_id uuid default null,
  clear_notes boolean default false
) returns text
language plpgsql set search_path = '' set lock_timeout = '1500ms'
as $$
declare
  violated text;
begin
  -- The confirms of one salon take turns (a lock held to the end of the transaction): none waits on
  -- another's rows, so none deadlocks, and a turn that does not come within lock_timeout is answered
  -- at once with a message the screen shows, instead of holding the caller until statement_timeout.
  begin
    perform pg_advisory_xact_lock(hashtextextended('confirm_slot ' || r.merchant_id::text, 0))
       from app.reservations r where r.id = confirm_slot.reservation_id;
  exception
    when lock_not_available then
      raise sqlstate 'P0001' using message = 'Orario appena occupato da un''altra conferma: riprova';
  end;
  for attempt in 1 .. 3 loop
    begin
      update app.reservations r
         set status = 'confermata',
             operator_id = coalesce(confirm_slot.operator_id, r.operator_id),
             notes = case when confirm_slot.clear_notes then '' else r.notes end
       where r.id = confirm_slot.reservation_id and r.status = confirm_slot.from_status;
      if not found then
        return 'not_found';
      end if;
      return 'confirmed';
    exception
      when exclusion_violation then
        get stacked diagnostics violated = constraint_name;
        if violated = 'resource_bookings_never_double_booked' then
          raise sqlstate 'P0001' using message = app_private.resource_taken_message(
            app_private.taken_resource_name(confirm_slot.reservation_id));
        end if;
        return 'taken';
      when deadlock_detected then
        if attempt = 3 then
          return 'taken';
        end if;
    end;
  end loop;
end
$$;
grant execute on function app_private.confirm_slot(uuid, text, uuid, boolean) to authenticated, service_role;
comment on function app_private.confirm_slot(uuid, text, uuid, boolean) is
  'Moves one reservation from from_status to ''confermata'' (optionally assigning its operator and clearing '
  'notes): ''confirmed'', ''not_found'' (no longer in from_status) or ''taken'' (an overlapping confirmed '
  'reservation of the operator, also when a simultaneous confirm of it won the race). A cabin or piece of '
  'equipment already in use is refused with its name.';
