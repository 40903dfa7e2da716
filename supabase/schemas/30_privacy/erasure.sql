-- Erasing a person: by their own request or by the admin, keeping the ledger's totals.

create function app_private.erased_name() returns text
language sql immutable set search_path = ''
as $$
  select 'Cliente rimosso'
$$;
grant execute on function app_private.erased_name() to authenticated, service_role;

-- Anonymises the client rows given, closes their balances and deletes the login, if any. Definer: it
-- deletes from auth.users (Supabase lets postgres-owned functions do so) and writes rows no policy lets a
-- client write (the ledger, the outbox).
create function app_private.erase_person(client_ids uuid[], account_id uuid) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  erased integer;
  known jsonb;
begin
  -- Only the person herself or the platform admin.
  if not (erase_person.account_id = (select auth.uid()) or coalesce(app_private.is_platform_admin(), false)) then
    raise sqlstate '42501' using message = 'Accesso negato';
  end if;
  if account_id is not null and (
       exists (select 1 from app.merchants m where m.user_id = erase_person.account_id)
       or exists (select 1 from app.platform_admins a where a.user_id = erase_person.account_id)) then
    raise sqlstate 'P0001' using message = 'Questo account gestisce un salone o la piattaforma: non si elimina da qui';
  end if;

  -- What the outbox may still hold about her, read before the rows forget it.
  select coalesce(jsonb_agg(jsonb_build_object(
           'merchant_id', c.merchant_id, 'name', c.name, 'email', lower(nullif(btrim(c.email), '')))), '[]')
    into known
    from app.clients c where c.id = any (erase_person.client_ids);

  -- First the rows (locked until commit, so a purchase on them waits and then sees them erased), so that
  -- cancelling her reservations below finds no address to write to.
  update app.clients c
     set name = app_private.erased_name(), email = '', phone = null, erased_at = coalesce(c.erased_at, now())
   where c.id = any (erase_person.client_ids);
  get diagnostics erased = row_count;

  -- Her balance is closed: nothing left to spend, the ledger still sums to it.
  insert into app.credit_ledger (merchant_id, client_id, kind, amount)
  select c.merchant_id, c.id, 'erasure', -c.available_credit
    from app.clients c
   where c.id = any (erase_person.client_ids) and c.available_credit <> 0;

  update app.reservations r
     set status = 'annullata', notes = ''
   where r.client_id = any (erase_person.client_ids)
     and r.status in ('in attesa', 'modificata', 'confermata')
     and r.starts_at > now();
  update app.reservations r
     set notes = ''
   where r.client_id = any (erase_person.client_ids) and r.notes <> '';

  -- The outbox: what was not sent yet about her is not sent; what was sent keeps neither name nor address.
  delete from app.notification_outbox n
   where n.sent_at is null
     and (n.reservation_id in (select r.id from app.reservations r where r.client_id = any (erase_person.client_ids))
          or exists (select 1 from jsonb_to_recordset(known) as p (merchant_id uuid, name text, email text)
                      where p.merchant_id = n.merchant_id and p.email = lower(n.recipient)));
  update app.notification_outbox n
     set recipient = case
           when exists (select 1 from jsonb_to_recordset(known) as p (merchant_id uuid, name text, email text)
                         where p.merchant_id = n.merchant_id and p.email = lower(n.recipient))
           then app_private.erased_name() else n.recipient end,
         payload = n.payload || jsonb_build_object('client_name', app_private.erased_name(), 'notes', '')
   where n.reservation_id in (select r.id from app.reservations r where r.client_id = any (erase_person.client_ids))
      or exists (select 1 from jsonb_to_recordset(known) as p (merchant_id uuid, name text, email text)
                  where p.merchant_id = n.merchant_id
                    and (p.email = lower(n.recipient)
                         or (n.reservation_id is null and n.payload ->> 'client_name' = p.name)));

  if account_id is not null then
    delete from auth.users u where u.id = erase_person.account_id;
  end if;
  return erased;
end
$$;
grant execute on function app_private.erase_person(uuid[], uuid) to authenticated, service_role;
comment on function app_private.erase_person(uuid[], uuid) is
  'Anonymises these client rows (name ''Cliente rimosso'', no e-mail or phone, erased_at set), closes each '
  'balance with an ''erasure'' ledger entry, cancels future reservations (no e-mail) and empties every note, '
  'drops the unsent e-mails about her and strips name and address from the sent ones, and deletes the login. '
  'The tree and movements stay; from now on her code buys nothing and her node earns nothing (her share of a '
  'purchase below her is granted to nobody; the generations above her still get theirs).';

-- Every client row of an account (definer: the admin erases the rows of every salon of the person).
create function app_private.client_ids_of_account(account_id uuid) returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(c.id), '{}') from app.clients c where c.user_id = client_ids_of_account.account_id
$$;
grant execute on function app_private.client_ids_of_account(uuid) to authenticated, service_role;

-- api.erase_my_account
create function api.erase_my_account(merchant_slug text, confirmation text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(erase_my_account.merchant_slug);
  erased integer;
begin
  if upper(btrim(coalesce(erase_my_account.confirmation, ''))) <> 'ELIMINA' then
    raise sqlstate 'P0001' using message = 'Per confermare scrivi ELIMINA';
  end if;
  erased := app_private.erase_person(app_private.my_client_ids(), auth.uid());
  return jsonb_build_object(
    'erased_clients', erased,
    'message', 'Il tuo account è stato eliminato: i tuoi dati personali sono stati cancellati.'
  );
end
$$;
grant execute on function api.erase_my_account(text, text) to authenticated;
comment on function api.erase_my_account(text, text) is
  'Client only (called from one salon''s Anagrafica, confirmation ''ELIMINA''): erases the caller''s '
  'personal data at every salon, closes her balances and deletes the login; the referral tree and purchases stay.';

-- api.admin_erase_client
create function api.admin_erase_client(client_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  account_id uuid;
  erased integer;
begin
  perform app_private.require_platform_admin();
  select c.user_id into account_id from app.clients c where c.id = admin_erase_client.client_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Cliente non trovato';
  end if;
  erased := app_private.erase_person(
    case when account_id is null then array[admin_erase_client.client_id]
         else app_private.client_ids_of_account(account_id) end,
    account_id
  );
  return jsonb_build_object(
    'erased_clients', erased,
    'message', 'Dati personali della cliente cancellati: il nodo resta nell''albero come "Cliente rimosso".'
  );
end
$$;
grant execute on function api.admin_erase_client(uuid) to authenticated;
comment on function api.admin_erase_client(uuid) is
  'Platform admin only: erases, on the person''s request, the client with this id and every other client '
  'row of the same login (as erase_my_account does), and deletes the login.';

-- api.admin_erase_client_by_code
create function api.admin_erase_client_by_code(merchant_slug text, client_code text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  found_client_id uuid;
begin
  perform app_private.require_platform_admin();
  select c.id into found_client_id
    from app.clients c
    join app.merchants m on m.id = c.merchant_id
   where m.slug = lower(btrim(coalesce(admin_erase_client_by_code.merchant_slug, '')))
     and c.code = upper(btrim(coalesce(admin_erase_client_by_code.client_code, '')));
  if not found then
    raise sqlstate 'P0001' using message = 'Cliente non trovato';
  end if;
  return api.admin_erase_client(found_client_id);
end
$$;
grant execute on function api.admin_erase_client_by_code(text, text) to authenticated;
comment on function api.admin_erase_client_by_code(text, text) is
  'Platform admin only: api.admin_erase_client for the client with this code at the salon with this slug '
  '(the key the admin''s tree shows).';
