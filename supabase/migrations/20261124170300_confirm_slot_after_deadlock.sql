-- ============================================================================
-- Confirming overlapping slots at the same moment: a deadlock is a lost race, not an error
-- ============================================================================
-- Two confirms of overlapping reservations of one operator each enter the exclusion constraint's index
-- and then wait for the other to finish (PostgreSQL checks exclusion constraints that way); the deadlock
-- detector cancels one of them after deadlock_timeout. The cancelled attempt (a subtransaction here) is
-- undone, the other confirm goes on, and the attempt is made again: now behind the other, it meets the
-- constraint and answers 'taken' (the Italian "Orario non disponibile"), or confirms if the other failed.

create or replace function app_private.confirm_slot(
  reservation_id uuid,
  from_status text,
  operator_id uuid default null,
  clear_notes boolean default false
) returns text
language plpgsql set search_path = ''
as $$
begin
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
comment on function app_private.confirm_slot(uuid, text, uuid, boolean) is
  'Moves one reservation from from_status to ''confermata'' (optionally assigning its operator and clearing '
  'notes): ''confirmed'', ''not_found'' (no longer in from_status) or ''taken'' (an overlapping confirmed '
  'reservation of the operator, also when a simultaneous confirm of it won the race).';
