-- A consent says when the client's address was confirmed, and nothing is recorded in her name before:
-- a marketing choice made meanwhile waits with the others (app.address_confirmations).

alter table app.consents add column address_confirmed_at timestamptz;

create or replace function app_private.record_consent(client_id uuid, kind text, granted boolean) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  account_id uuid := (select c.user_id from app.clients c where c.id = record_consent.client_id);
begin
  if app_private.address_unconfirmed(account_id) then
    if record_consent.kind = 'marketing' then
      update app.address_confirmations a
         set pending_consents = a.pending_consents
                                || jsonb_build_object(record_consent.client_id::text, record_consent.granted)
       where a.user_id = account_id;
    end if;
    return;
  end if;
  insert into app.consents (merchant_id, client_id, kind, granted, notice_version, address_confirmed_at)
  select c.merchant_id, c.id, record_consent.kind, record_consent.granted, app_private.privacy_notice_version(),
         (select a.confirmed_at from app.address_confirmations a where a.user_id = c.user_id)
    from app.clients c where c.id = record_consent.client_id;
end
$$;
grant execute on function app_private.record_consent(uuid, text, boolean) to authenticated, service_role;
comment on function app_private.record_consent(uuid, text, boolean) is
  'Appends a consent row for the client with the notice version in force and when her address was '
  'confirmed; before the confirmation, keeps a marketing choice waiting instead.';
