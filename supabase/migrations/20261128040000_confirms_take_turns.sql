-- Contention ends in an answer: 100 simultaneous confirms of one operator's overlapping requests
-- deadlocked on each other's rows and some ran into the 8 s statement timeout (HTTP 500). The
-- confirms of one salon now take turns on a transaction lock, and one that cannot get its turn within
-- 1.5 s answers 'Orario appena occupato da un'altra conferma: riprova' (HTTP 400).

create or replace function app_private.confirm_slot(
  reservation_id uuid,
  from_status text,
  operator_id uuid default null,
  clear_notes boolean default false
) returns text
language plpgsql set search_path = '' set lock_timeout = '1500ms'
as $$
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
        return 'taken';
      when deadlock_detected then
        if attempt = 3 then
          return 'taken';
        end if;
    end;
  end loop;
end
$$;
