-- Loyalty core API: who am I, a merchant's public page, joining a merchant as a client (with the
-- auth account when the visitor is anonymous) and registering a purchase that distributes credit.
--
-- Credit on a purchase (spec §9), with net = spend - discount:
--   buyer      += round(net * personal / 100, 2)  (ledger kind generation0)
--   buyer      -= discount                        (ledger kind redemption)
--   sponsor k  += round(net * sponsor_k / 100, 2) for k = 1..3 up the chain (generation1..3);
--   the chain stops at a root client and never goes past the third sponsor.
-- ROUNDING RULE: each ledger entry is rounded to cents, half away from zero (round(x, 2) on numeric);
-- balances are sums of rounded entries, so available credit always equals the sum of the ledger.
-- Concurrency: the buyer's and sponsors' rows are locked in id order before the balance check, so
-- parallel purchases over one chain serialise on the rows they share and never deadlock.
-- Client codes: prefix + counter from app.client_code_counters, incremented by one atomic upsert.

-- ============================================================================
-- Pure helpers
-- ============================================================================
create function app_private.slugify(name text) returns text
language sql immutable set search_path = ''
as $$
  -- Spec §5: trimmed, lowercased, whitespace removed, every character other than a-z and 0-9 removed.
  select regexp_replace(lower(btrim(coalesce(slugify.name, ''))), '[^a-z0-9]', '', 'g')
$$;

create function app_private.column_letters(number integer) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  remaining integer := column_letters.number;
  letters text := '';
begin
  -- Spreadsheet column letters: 1 = A, 26 = Z, 27 = AA.
  while remaining > 0 loop
    remaining := remaining - 1;
    letters := chr(65 + remaining % 26) || letters;
    remaining := remaining / 26;
  end loop;
  return letters;
end
$$;

create function app_private.is_valid_email(email text) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(is_valid_email.email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$', false)
$$;

-- 'Maria Rossi' -> 'Maria R.'; a single word stays as it is.
create function app_private.display_name(name text) returns text
language sql immutable set search_path = ''
as $$
  select case
    when array_length(parts, 1) > 1 then parts[1] || ' ' || upper(left(parts[array_length(parts, 1)], 1)) || '.'
    else coalesce(parts[1], '')
  end
  from (select regexp_split_to_array(btrim(coalesce(display_name.name, '')), '[[:space:]]+') as parts) as split
$$;

grant execute on function app_private.slugify(text), app_private.column_letters(integer),
  app_private.is_valid_email(text), app_private.display_name(text) to anon, authenticated, service_role;

-- ============================================================================
-- Login accounts (definer: API roles may not write auth.users; callable only by definer functions)
-- ============================================================================
create function app_private.new_login(email text, password text, name text) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  account_id uuid := gen_random_uuid();
  normalized text := lower(btrim(new_login.email));
begin
  if exists (select 1 from auth.users u where lower(u.email) = normalized) then
    raise sqlstate 'P0001' using message = 'Email già registrata: accedi per continuare';
  end if;
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change_token_new, email_change,
    email_change_token_current, phone_change, phone_change_token, reauthentication_token
  ) values (
    '00000000-0000-0000-0000-000000000000', account_id, 'authenticated', 'authenticated', normalized,
    extensions.crypt(new_login.password, extensions.gen_salt('bf')), now(),
    '{"provider": "email", "providers": ["email"]}'::jsonb,
    jsonb_build_object('name', btrim(new_login.name)), now(), now(),
    '', '', '', '', '', '', '', ''
  );
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (
    account_id::text, account_id,
    jsonb_build_object('sub', account_id::text, 'email', normalized, 'email_verified', true, 'phone_verified', false),
    'email', now(), now()
  );
  return account_id;
exception
  when unique_violation then
    -- The same e-mail registered by a concurrent request.
    raise sqlstate 'P0001' using message = 'Email già registrata: accedi per continuare';
end
$$;

-- Validates the fields of a new login; raises the Italian message of the first problem.
create function app_private.check_new_login(email text, password text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if nullif(btrim(coalesce(check_new_login.email, '')), '') is null then
    raise sqlstate 'P0001' using message = 'L''email è obbligatoria';
  end if;
  if not app_private.is_valid_email(btrim(check_new_login.email)) then
    raise sqlstate 'P0001' using message = 'Email non valida';
  end if;
  if coalesce(check_new_login.password, '') = '' then
    raise sqlstate 'P0001' using message = 'La password è obbligatoria';
  end if;
  if char_length(check_new_login.password) < 6 then
    raise sqlstate 'P0001' using message = 'La password deve contenere almeno 6 caratteri';
  end if;
end
$$;

grant execute on function app_private.check_new_login(text, text) to anon, authenticated, service_role;

-- ============================================================================
-- Joining a merchant (definer: an anonymous visitor creates an auth account and a client row, and
-- the client code counter is private; the caller's identity is read from auth.uid(), never an argument)
-- ============================================================================
create function app_private.join_merchant(
  merchant_slug text, name text, email text, password text, phone text, sponsor_code text
) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  merchant app.merchants;
  sponsor app.clients;
  clean_name text := nullif(btrim(coalesce(join_merchant.name, '')), '');
  clean_email text := lower(nullif(btrim(coalesce(join_merchant.email, '')), ''));
  clean_phone text := nullif(btrim(coalesce(join_merchant.phone, '')), '');
  clean_sponsor text := upper(nullif(btrim(coalesce(join_merchant.sponsor_code, '')), ''));
  account_id uuid;
  next_number integer;
  new_code text;
  new_client_id uuid;
begin
  select * into merchant from app.merchants m where m.slug = lower(btrim(coalesce(join_merchant.merchant_slug, '')));
  if not found then
    raise sqlstate 'P0001' using message = 'Commerciante inesistente';
  end if;
  if clean_name is null then
    raise sqlstate 'P0001' using message = 'Il nome è obbligatorio';
  end if;

  if caller is null then
    perform app_private.check_new_login(join_merchant.email, join_merchant.password);
  else
    -- An existing account joins another merchant with its own e-mail; the password is ignored.
    select u.email into clean_email from auth.users u where u.id = caller;
    if not found then
      raise sqlstate '42501' using message = 'Utente non autenticato';
    end if;
    if exists (select 1 from app.clients c where c.merchant_id = merchant.id and c.user_id = caller) then
      raise sqlstate 'P0001' using message = 'Sei già cliente di questo commerciante';
    end if;
  end if;

  if clean_sponsor is not null then
    select * into sponsor from app.clients c where c.merchant_id = merchant.id and c.code = clean_sponsor;
    if not found then
      raise sqlstate 'P0001' using message = 'Codice presentatore non valido';
    end if;
  end if;

  account_id := coalesce(caller, app_private.new_login(clean_email, join_merchant.password, clean_name));

  insert into app.client_code_counters as counter (merchant_id, last_number)
  values (merchant.id, 1)
  on conflict (merchant_id) do update set last_number = counter.last_number + 1
  returning counter.last_number into next_number;
  new_code := merchant.code_prefix || case when next_number < 100000 then lpad(next_number::text, 5, '0') else next_number::text end;

  begin
    insert into app.clients (merchant_id, user_id, code, sponsor_id, generation, name, phone, email)
    values (merchant.id, account_id, new_code, sponsor.id, coalesce(sponsor.generation + 1, 0),
            clean_name, clean_phone, clean_email)
    returning id into new_client_id;
  exception
    when unique_violation then
      raise sqlstate 'P0001' using message = 'Sei già cliente di questo commerciante';
  end;

  return jsonb_build_object(
    'client_code', new_code,
    'message', format('Registrazione completata! Il tuo codice cliente è %s.', new_code),
    'client_id', new_client_id,
    'user_id', account_id
  );
end
$$;

grant execute on function app_private.join_merchant(text, text, text, text, text, text) to anon, authenticated;

-- ============================================================================
-- A merchant's public page (definer: anonymous visitors may see a merchant's slug, name and logo,
-- and nothing else of app.merchants)
-- ============================================================================
create function app_private.merchant_public(merchant_slug text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'slug', m.slug,
    'name', m.name,
    'logo_url', case
      when exists (select 1 from storage.objects o where o.bucket_id = 'loghi' and o.name = m.slug || '.png')
      then '/storage/v1/object/public/loghi/' || m.slug || '.png'
    end
  )
  from app.merchants m
  where m.slug = lower(btrim(coalesce(merchant_public.merchant_slug, '')))
$$;

grant execute on function app_private.merchant_public(text) to anon, authenticated;

-- ============================================================================
-- api.whoami
-- ============================================================================
create function api.whoami() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    return jsonb_build_object('user_id', null, 'email', null, 'is_platform_admin', false,
                              'merchant', null, 'clients', '[]'::jsonb);
  end if;
  return jsonb_build_object(
    'user_id', caller,
    'email', auth.jwt() ->> 'email',
    'is_platform_admin', app_private.is_platform_admin(),
    'merchant', (
      select jsonb_build_object('id', m.id, 'slug', m.slug, 'name', m.name)
        from app.merchants m where m.user_id = caller
    ),
    'clients', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', c.id, 'code', c.code, 'merchant_slug', m.slug, 'merchant_name', m.name, 'name', c.name
             ) order by c.created_at, c.code)
        from app.clients c
        join app.merchants m on m.id = c.merchant_id
       where c.user_id = caller
    ), '[]'::jsonb)
  );
end
$$;
comment on function api.whoami() is
  'The caller: user id, e-mail, platform admin flag, the merchant it runs and its client memberships.';
grant execute on function api.whoami() to anon, authenticated;

-- ============================================================================
-- api.merchant_public
-- ============================================================================
create function api.merchant_public(merchant_slug text) returns jsonb
language sql stable set search_path = ''
as $$
  select app_private.merchant_public(merchant_public.merchant_slug)
$$;
comment on function api.merchant_public(text) is
  'A merchant''s public face for its registration page: slug, name, logo_url (null without a logo); null when unknown.';
grant execute on function api.merchant_public(text) to anon, authenticated;

-- ============================================================================
-- api.join_merchant
-- ============================================================================
create function api.join_merchant(
  merchant_slug text,
  name text,
  email text,
  password text default null,
  phone text default null,
  sponsor_code text default null
) returns jsonb
language sql set search_path = ''
as $$
  select app_private.join_merchant(
    join_merchant.merchant_slug, join_merchant.name, join_merchant.email,
    join_merchant.password, join_merchant.phone, join_merchant.sponsor_code
  )
$$;
comment on function api.join_merchant(text, text, text, text, text, text) is
  'Registers the caller as a client of a merchant. Anonymous: creates the login account too (then sign in '
  'with the password). Signed in: links the caller''s account. Returns client_code and the success message.';
grant execute on function api.join_merchant(text, text, text, text, text, text) to anon, authenticated;

-- ============================================================================
-- api.register_purchase
-- ============================================================================
create function api.register_purchase(client_code text, spend numeric, discount numeric) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  rates app.percentages;
  buyer_id uuid;
  sponsor1_id uuid;
  sponsor2_id uuid;
  sponsor3_id uuid;
  buyer_credit numeric;
  net_amount numeric;
  new_movement_id uuid;
begin
  if register_purchase.spend is null or register_purchase.discount is null then
    raise sqlstate 'P0001' using message = 'Inserisci l''importo di spesa e lo sconto da utilizzare';
  end if;
  if register_purchase.spend < 0 or register_purchase.discount < 0 then
    raise sqlstate 'P0001' using message = 'Gli importi non possono essere negativi';
  end if;
  if register_purchase.spend <> round(register_purchase.spend, 2)
     or register_purchase.discount <> round(register_purchase.discount, 2) then
    raise sqlstate 'P0001' using message = 'Gli importi possono avere al massimo due decimali';
  end if;
  if register_purchase.spend < register_purchase.discount then
    raise sqlstate 'P0001'
      using message = 'L''importo di spesa deve essere uguale o superiore allo sconto da utilizzare';
  end if;
  if register_purchase.spend = 0 then
    raise sqlstate 'P0001' using message = 'L''importo di spesa deve essere maggiore di zero';
  end if;
  if nullif(btrim(coalesce(register_purchase.client_code, '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona un cliente';
  end if;

  select c.id, c.sponsor_id, p.sponsor_id, gp.sponsor_id
    into buyer_id, sponsor1_id, sponsor2_id, sponsor3_id
    from app.clients c
    left join app.clients p on p.id = c.sponsor_id
    left join app.clients gp on gp.id = p.sponsor_id
   where c.merchant_id = caller_merchant_id
     and c.code = upper(btrim(register_purchase.client_code));
  if buyer_id is null then
    raise sqlstate 'P0001' using message = 'Cliente non trovato';
  end if;

  -- Lock every row this purchase credits, always in id order (no deadlocks), before reading the balance.
  perform 1
     from app.clients c
    where c.id = any (array[buyer_id, sponsor1_id, sponsor2_id, sponsor3_id])
    order by c.id
      for update;

  select c.available_credit into buyer_credit from app.clients c where c.id = buyer_id;
  if register_purchase.discount > buyer_credit then
    raise sqlstate 'P0001'
      using message = 'Errore: lo sconto da utilizzare deve essere inferiore o uguale allo sconto disponibile.';
  end if;

  select * into rates from app.percentages pc where pc.merchant_id = caller_merchant_id;
  net_amount := register_purchase.spend - register_purchase.discount;

  insert into app.movements (merchant_id, client_id, spend, discount, registered_by)
  values (caller_merchant_id, buyer_id, register_purchase.spend, register_purchase.discount, auth.uid())
  returning id into new_movement_id;

  insert into app.credit_ledger (merchant_id, client_id, movement_id, kind, amount)
  select caller_merchant_id, entry.client_id, new_movement_id, entry.kind, entry.amount
    from (values
      (1, buyer_id, 'redemption', -register_purchase.discount),
      (2, buyer_id, 'generation0', round(net_amount * coalesce(rates.personal, 0) / 100, 2)),
      (3, sponsor1_id, 'generation1', round(net_amount * coalesce(rates.sponsor1, 0) / 100, 2)),
      (4, sponsor2_id, 'generation2', round(net_amount * coalesce(rates.sponsor2, 0) / 100, 2)),
      (5, sponsor3_id, 'generation3', round(net_amount * coalesce(rates.sponsor3, 0) / 100, 2))
    ) as entry (position, client_id, kind, amount)
   where entry.client_id is not null and entry.amount <> 0
   order by entry.position;

  return jsonb_build_object(
    'movement_id', new_movement_id,
    'net', net_amount,
    'available_credit', (select c.available_credit from app.clients c where c.id = buyer_id),
    'message', 'Registrazione avvenuta con successo!'
  );
end
$$;
comment on function api.register_purchase(text, numeric, numeric) is
  'Merchant only: registers a purchase of one of its clients and distributes credit to the buyer and the '
  'first three sponsors (spec §9; each entry rounded to cents, half away from zero).';
grant execute on function api.register_purchase(text, numeric, numeric) to authenticated;
