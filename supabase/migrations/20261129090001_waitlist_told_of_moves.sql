-- An appointment the customer moved (now 'spostata') frees its old slot for the waitlist too.

create or replace function app_private.waitlist_on_freed_slot() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.status in ('in attesa', 'modificata', 'confermata')
     and (tg_op = 'DELETE'
          or new.status in ('rifiutata', 'annullata', 'spostata')
          or new.starts_at is distinct from old.starts_at) then
    perform app_private.tell_waitlist(old);
  end if;
  return null;
end
$$;
