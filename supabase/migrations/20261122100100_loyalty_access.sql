-- Loyalty access: who the caller is, the row-level security policies of schema app, the ledger
-- trigger that keeps balances, the logo bucket and the realtime publication of balances.
--
-- The helpers that answer "who is the caller" are security definer: policies call them, and reading
-- app.merchants or app.clients from inside a policy of those same tables would recurse through RLS.
-- They only ever look at the caller's own rows (auth.uid()) and return ids, never data.

-- ============================================================================
-- Who is the caller (definer helpers, used by policies and api functions)
-- ============================================================================
create function app_private.is_platform_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from app.platform_admins where user_id = (select auth.uid()))
$$;

create function app_private.current_merchant_id() returns uuid
language sql stable security definer set search_path = ''
as $$
  select m.id from app.merchants m where m.user_id = (select auth.uid())
$$;

create function app_private.current_merchant_slug() returns text
language sql stable security definer set search_path = ''
as $$
  select m.slug from app.merchants m where m.user_id = (select auth.uid())
$$;

create function app_private.my_client_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(c.id), '{}') from app.clients c where c.user_id = (select auth.uid())
$$;

create function app_private.my_client_merchant_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(c.merchant_id), '{}') from app.clients c where c.user_id = (select auth.uid())
$$;

grant execute on function app_private.is_platform_admin(), app_private.current_merchant_id(),
  app_private.current_merchant_slug(), app_private.my_client_ids(), app_private.my_client_merchant_ids()
  to authenticated, service_role;

-- ============================================================================
-- Guards used at the top of api functions (invoker: they only call the helpers above)
-- ============================================================================
create function app_private.require_platform_admin() returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not coalesce(app_private.is_platform_admin(), false) then
    raise sqlstate '42501' using message = 'Accesso negato: funzione riservata all''amministratore';
  end if;
end
$$;

create function app_private.require_merchant(message text default null) returns uuid
language plpgsql stable set search_path = ''
as $$
declare
  merchant_id uuid := app_private.current_merchant_id();
begin
  if merchant_id is null then
    raise sqlstate '42501'
      using message = coalesce(require_merchant.message, 'Accesso negato: questo account non è un commerciante');
  end if;
  return merchant_id;
end
$$;

-- The caller's client row at the merchant with this slug, or an error.
create function app_private.require_client(merchant_slug text) returns uuid
language plpgsql stable set search_path = ''
as $$
declare
  client_id uuid;
begin
  select c.id into client_id
    from app.clients c
    join app.merchants m on m.id = c.merchant_id
   where m.slug = lower(btrim(require_client.merchant_slug))
     and c.user_id = (select auth.uid());
  if client_id is null then
    raise sqlstate '42501' using message = 'Accesso negato: questo account non è un cliente.';
  end if;
  return client_id;
end
$$;

grant execute on function app_private.require_platform_admin(), app_private.require_merchant(text),
  app_private.require_client(text) to authenticated, service_role;

-- ============================================================================
-- Policies: platform admins
-- ============================================================================
create policy "Users see whether they are platform admins" on app.platform_admins
  for select to authenticated
  using (user_id = (select auth.uid()));

-- ============================================================================
-- Policies: merchants
-- ============================================================================
create policy "Merchants see their own merchant" on app.merchants
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Clients see the merchants they belong to" on app.merchants
  for select to authenticated
  using (id = any ((select app_private.my_client_merchant_ids())::uuid[]));

create policy "Platform admins see every merchant" on app.merchants
  for select to authenticated
  using ((select app_private.is_platform_admin()));

-- ============================================================================
-- Policies: percentages
-- ============================================================================
create policy "Merchants see their own percentages" on app.percentages
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants update their own percentages" on app.percentages
  for update to authenticated
  using (merchant_id = (select app_private.current_merchant_id()))
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Platform admins see every merchant's percentages" on app.percentages
  for select to authenticated
  using ((select app_private.is_platform_admin()));

-- ============================================================================
-- Policies: clients
-- ============================================================================
create policy "Clients see their own memberships" on app.clients
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Merchants see their own clients" on app.clients
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Platform admins see every client" on app.clients
  for select to authenticated
  using ((select app_private.is_platform_admin()));

create policy "Clients update their own memberships" on app.clients
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Also what lets register_purchase lock the rows it credits (select ... for update).
create policy "Merchants update their own clients" on app.clients
  for update to authenticated
  using (merchant_id = (select app_private.current_merchant_id()))
  with check (merchant_id = (select app_private.current_merchant_id()));

-- ============================================================================
-- Policies: movements
-- ============================================================================
create policy "Clients see their own movements" on app.movements
  for select to authenticated
  using (client_id = any ((select app_private.my_client_ids())::uuid[]));

create policy "Merchants see their own movements" on app.movements
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Platform admins see every movement" on app.movements
  for select to authenticated
  using ((select app_private.is_platform_admin()));

create policy "Merchants register movements of their own clients" on app.movements
  for insert to authenticated
  with check (
    merchant_id = (select app_private.current_merchant_id())
    and registered_by = (select auth.uid())
  );

-- ============================================================================
-- Policies: credit ledger
-- ============================================================================
create policy "Clients see their own credit entries" on app.credit_ledger
  for select to authenticated
  using (client_id = any ((select app_private.my_client_ids())::uuid[]));

create policy "Merchants see their own credit entries" on app.credit_ledger
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Platform admins see every credit entry" on app.credit_ledger
  for select to authenticated
  using ((select app_private.is_platform_admin()));

create policy "Merchants add credit entries for their own clients" on app.credit_ledger
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

-- app.merchant_prefix_counter and app.client_code_counters have no policy: only the definer
-- functions that create merchants and clients touch them.

-- ============================================================================
-- The ledger moves the balance (definer: API roles have no update right on available_credit)
-- ============================================================================
create function app_private.apply_credit_entry() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update app.clients
     set available_credit = available_credit + new.amount
   where id = new.client_id;
  return new;
end
$$;

create trigger credit_ledger_moves_balance
  after insert on app.credit_ledger
  for each row execute function app_private.apply_credit_entry();

-- The ledger is append-only: no API role has update or delete rights on it.

-- ============================================================================
-- Merchant logos: public bucket 'loghi', one object '{slug}.png' per merchant
-- ============================================================================
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('loghi', 'loghi', true, 1048576, array['image/png', 'image/jpeg', 'image/webp'])
on conflict do nothing;

create policy "Anyone reads merchant logos" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'loghi');

create policy "Merchants upload their own logo" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'loghi' and name = (select app_private.current_merchant_slug()) || '.png');

create policy "Merchants replace their own logo" on storage.objects
  for update to authenticated
  using (bucket_id = 'loghi' and name = (select app_private.current_merchant_slug()) || '.png')
  with check (bucket_id = 'loghi' and name = (select app_private.current_merchant_slug()) || '.png');

create policy "Merchants delete their own logo" on storage.objects
  for delete to authenticated
  using (bucket_id = 'loghi' and name = (select app_private.current_merchant_slug()) || '.png');

-- ============================================================================
-- Realtime: balances change live on the client's Crediti screen; RLS limits each client to its rows
-- ============================================================================
alter publication supabase_realtime add table app.clients;
