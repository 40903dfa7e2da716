-- Merchants (salons): the platform admins who create them, their profile, public page, prefix counter
-- and the credit percentages of their campaign.

-- Platform admins
create table app.platform_admins (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
alter table app.platform_admins enable row level security;
grant select on app.platform_admins to authenticated;
grant all on app.platform_admins to service_role;
comment on table app.platform_admins is
  'Platform administrators. Seeded by the server from ADMIN_EMAIL; never derived from user-editable metadata.';

-- Merchants
create table app.merchants (
  id uuid primary key default gen_random_uuid(),
  user_id uuid unique references auth.users (id) on delete set null,
  slug text not null unique check (slug ~ '^[a-z0-9]+$'),
  name text not null check (btrim(name) <> ''),
  email text not null,
  phone text not null,
  website text,
  code_prefix text not null unique check (code_prefix ~ '^[A-Z]+$'),
  logo_path text,
  created_at timestamptz not null default now(),
  -- Table constraints: they hold for every path, including direct SQL
  constraint merchants_name_length check (char_length(name) <= 100),
  constraint merchants_slug_length check (char_length(slug) <= 100),
  constraint merchants_email_length check (char_length(email) <= 254),
  constraint merchants_phone_length check (char_length(phone) <= 30),
  constraint merchants_website_length check (char_length(website) <= 255),
  constraint merchants_code_prefix_length check (char_length(code_prefix) <= 8),
  constraint merchants_logo_path_length check (char_length(logo_path) <= 255),
  cancellation_notice_hours integer not null default 24
    check (cancellation_notice_hours between 0 and 168),
  reversal_window_days integer not null default 30
    constraint merchants_reversal_window_1_to_365 check (reversal_window_days between 1 and 365),
  -- The salon's settings: address (calendar entries) and which e-mails it sends
  address text check (address is null or (btrim(address) <> '' and length(address) <= 255)),
  new_request_emails boolean not null default true,
  reminder_emails boolean not null default true,
  max_open_requests integer not null default 3
    constraint merchants_max_open_requests_1_to_100 check (max_open_requests between 1 and 100),
  second_reminder_emails boolean not null default false,
  referral_credit_cap numeric(10, 2)
    constraint merchants_referral_credit_cap_range
      check (referral_credit_cap is null or (referral_credit_cap > 0 and referral_credit_cap <= 100000)),
  no_show_alert_threshold integer not null default 2
    constraint merchants_no_show_alert_threshold_range check (no_show_alert_threshold between 1 and 20),
  receipt_number_required boolean not null default false,
  moves_confirmed_at_once boolean not null default false,
  first_visit_reward numeric(10, 2)
    constraint merchants_first_visit_reward_range
      check (first_visit_reward is null or (first_visit_reward > 0 and first_visit_reward <= 500))
);
create index merchants_created_at_idx on app.merchants (created_at desc);
alter table app.merchants enable row level security;
grant select on app.merchants to authenticated;
grant all on app.merchants to service_role;
comment on table app.merchants is
  'Beauty businesses. user_id is the merchant''s login; code_prefix starts every client code.';
comment on column app.merchants.cancellation_notice_hours is
  'How many hours before a confirmed appointment the customer may still cancel it online (0-168).';
comment on column app.merchants.reversal_window_days is
  'How many days after a purchase the merchant may still reverse it (1..365, default 30).';
comment on column app.merchants.address is
  'The salon''s street address, shown in calendar entries and e-mails (optional).';
comment on column app.merchants.new_request_emails is
  'Whether the salon gets an e-mail for every new booking request.';
comment on column app.merchants.reminder_emails is
  'Whether customers get a reminder e-mail 24 hours before a confirmed appointment.';
comment on column app.merchants.max_open_requests is
  'How many open requests (pending, or a proposed change awaiting her answer) one customer may have at '
  'the salon at once (1-100, default 3).';
comment on column app.merchants.referral_credit_cap is
  'The most credit a sponsor earns from her referrals'' purchases in a calendar month (Europe/Rome); null: no cap.';
comment on column app.merchants.receipt_number_required is
  'Whether every purchase and storno must carry its fiscal document''s number (app.movements.receipt_number).';
comment on column app.merchants.first_visit_reward is
  'The one-off credit a sponsor earns when a client she brought completes her first visit (0.01..500 euro); '
  'null: no reward.';
comment on column app.merchants.no_show_alert_threshold is
  'From how many missed appointments (''non presentata'') a client''s new requests are flagged (1-20, default 2).';
comment on column app.merchants.second_reminder_emails is
  'Whether customers also get a second reminder e-mail 2 hours before a confirmed appointment (off by default).';
comment on column app.merchants.moves_confirmed_at_once is
  'Whether a customer''s move to a free time is confirmed at once instead of waiting for the salon (off by default).';

-- Gapless, race-free source of merchant code prefixes: one row, updated under its row lock.
create table app.merchant_prefix_counter (
  singleton boolean primary key default true check (singleton),
  last_number integer not null
);
alter table app.merchant_prefix_counter enable row level security;
grant all on app.merchant_prefix_counter to service_role;
comment on table app.merchant_prefix_counter is
  'The number behind the last merchant code prefix (1 = A, 27 = AA); incremented under a row lock.';

create table app.percentages (
  merchant_id uuid primary key references app.merchants (id) on delete cascade,
  personal numeric not null default 5 check (personal between 0 and 100),
  sponsor1 numeric not null default 3 check (sponsor1 between 0 and 100),
  sponsor2 numeric not null default 2 check (sponsor2 between 0 and 100),
  sponsor3 numeric not null default 1 check (sponsor3 between 0 and 100),
  updated_at timestamptz not null default now(),
  constraint percentages_are_finite check (
    app_private.is_finite(personal) and app_private.is_finite(sponsor1)
    and app_private.is_finite(sponsor2) and app_private.is_finite(sponsor3)
  )
);
alter table app.percentages enable row level security;
grant select on app.percentages to authenticated;
grant update (personal, sponsor1, sponsor2, sponsor3, updated_at) on app.percentages to authenticated;
grant all on app.percentages to service_role;
comment on table app.percentages is
  'Credit percentages of a merchant: personal for the buyer, sponsor1..3 for the first three sponsors.';

-- The salon logo: its object path in bucket loghi when the salon has uploaded one
create or replace function app_private.merchant_public(merchant_slug text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'slug', m.slug,
    'name', m.name,
    'logo_url', case
      when exists (select 1 from storage.objects o where o.bucket_id = 'loghi' and o.name = m.slug || '.png')
      then m.slug || '.png'
    end
  )
  from app.merchants m
  where m.slug = lower(btrim(coalesce(merchant_public.merchant_slug, '')))
$$;
grant execute on function app_private.merchant_public(text) to anon, authenticated;

-- One person, several salons: whoami lists each membership with its salon's logo, so the client
-- area can show which salon it is about and offer the others.
create or replace function api.whoami() returns jsonb
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
               'id', c.id, 'code', c.code, 'merchant_slug', m.slug, 'merchant_name', m.name, 'name', c.name,
               'merchant_logo_url', app_private.merchant_public(m.slug) ->> 'logo_url'
             ) order by c.created_at, c.code)
        from app.clients c
        join app.merchants m on m.id = c.merchant_id
       where c.user_id = caller
    ), '[]'::jsonb)
  );
end
$$;
grant execute on function api.whoami() to anon, authenticated;
comment on function api.whoami() is
  'The caller: user id, e-mail, platform admin flag, the merchant it runs and its client memberships at every salon, each with the salon''s name and merchant_logo_url (the logo''s object path in bucket loghi).';

-- api.merchant_public
create function api.merchant_public(merchant_slug text) returns jsonb
language sql stable set search_path = ''
as $$
  select app_private.merchant_public(merchant_public.merchant_slug)
$$;
grant execute on function api.merchant_public(text) to anon, authenticated;
comment on function api.merchant_public(text) is
  'A merchant''s public face for its registration page: slug, name, logo_url (the logo''s object path in bucket loghi, null without a logo); null when unknown.';

-- Words the app's routes use, which no merchant slug may take
create function app_private.is_reserved_slug(slug text) returns boolean
language sql immutable set search_path = ''
as $$
  select is_reserved_slug.slug = any (array[
    'admin', 'merchant', 'merchants', 'client', 'clients', 'dashboard', 'api', 'auth', 'rest', 'storage',
    'realtime', 'mail', 'assets', 'login', 'logout', 'register', 'resetpassword', 'static', 'public',
    'index', 'favicon', 'manifest', 'sw', 'icons', 'functions', 'graphql', 'health', 'www', 'app'
  ])
$$;
grant execute on function app_private.is_reserved_slug(text) to authenticated, service_role;

-- Creating a merchant: name, phone and website bounded, the website a web address
create or replace function app_private.create_merchant(name text, phone text, email text, password text, website text)
returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  clean_name text := nullif(btrim(coalesce(create_merchant.name, '')), '');
  clean_phone text := nullif(btrim(coalesce(create_merchant.phone, '')), '');
  clean_email text := lower(btrim(coalesce(create_merchant.email, '')));
  clean_website text := nullif(btrim(coalesce(create_merchant.website, '')), '');
  new_slug text;
  prefix_number integer;
  new_prefix text;
  account_id uuid;
  new_merchant_id uuid;
begin
  if not app_private.is_platform_admin() then
    raise sqlstate '42501' using message = 'Accesso negato: funzione riservata all''amministratore';
  end if;
  if clean_name is null then
    raise sqlstate 'P0001' using message = 'Il nome è obbligatorio';
  end if;
  perform app_private.require_max_length(clean_name, 100, 'Il nome');
  if clean_phone is null then
    raise sqlstate 'P0001' using message = 'Il telefono è obbligatorio';
  end if;
  perform app_private.require_max_length(clean_phone, 30, 'Il telefono');
  perform app_private.require_max_length(clean_website, 255, 'Il sito web');
  -- A web address: an optional http(s)://, a host with a dot and a top-level name, then a path.
  if clean_website !~* '^(https?://)?([[:alnum:]]([[:alnum:]-]*[[:alnum:]])?\.)+[[:alpha:]]{2,}(:[0-9]{1,5})?([/?#][^[:space:]]*)?$' then
    raise sqlstate '22023' using message = 'Il sito web non è un indirizzo web valido (esempio: https://www.salone.it)';
  end if;
  perform app_private.check_new_login(create_merchant.email, create_merchant.password);
  new_slug := app_private.slugify(clean_name);
  if new_slug = '' then
    raise sqlstate 'P0001' using message = 'Il nome deve contenere almeno una lettera o una cifra';
  end if;
  if app_private.is_reserved_slug(new_slug) then
    raise sqlstate 'P0001' using message = 'Nome non disponibile: scegline un altro';
  end if;
  if exists (select 1 from app.merchants m where m.slug = new_slug) then
    raise sqlstate 'P0001' using message = 'Esiste già un commerciante con questo nome';
  end if;

  account_id := app_private.new_login(clean_email, create_merchant.password, clean_name);

  insert into app.merchant_prefix_counter as counter (singleton, last_number)
  values (true, 1)
  on conflict (singleton) do update set last_number = counter.last_number + 1
  returning counter.last_number into prefix_number;
  new_prefix := app_private.column_letters(prefix_number);

  begin
    insert into app.merchants (user_id, slug, name, email, phone, website, code_prefix)
    values (account_id, new_slug, clean_name, clean_email, clean_phone, clean_website, new_prefix)
    returning id into new_merchant_id;
  exception
    when unique_violation then
      -- The same name created by a concurrent request.
      raise sqlstate 'P0001' using message = 'Esiste già un commerciante con questo nome';
  end;
  insert into app.percentages (merchant_id) values (new_merchant_id);

  return jsonb_build_object('id', new_merchant_id, 'slug', new_slug, 'name', clean_name,
                            'code_prefix', new_prefix, 'user_id', account_id);
end
$$;
grant execute on function app_private.create_merchant(text, text, text, text, text) to authenticated;

-- api.admin_create_merchant
create function api.admin_create_merchant(
  name text, phone text, email text, password text, website text default null
) returns jsonb
language sql set search_path = ''
as $$
  select app_private.create_merchant(
    admin_create_merchant.name, admin_create_merchant.phone, admin_create_merchant.email,
    admin_create_merchant.password, admin_create_merchant.website
  )
$$;
grant execute on function api.admin_create_merchant(text, text, text, text, text) to authenticated;
comment on function api.admin_create_merchant(text, text, text, text, text) is
  'Platform admin only: creates a merchant and its login account; returns id, slug, name, code_prefix.';

-- api.admin_list_merchants
create function api.admin_list_merchants()
returns table (
  id uuid, slug text, name text, phone text, email text, website text, code_prefix text, created_at timestamptz
)
language sql stable set search_path = ''
as $$
  select app_private.require_platform_admin();
  select m.id, m.slug, m.name, m.phone, m.email, m.website, m.code_prefix, m.created_at
    from app.merchants m
   order by m.created_at desc, length(m.code_prefix) desc, m.code_prefix desc;
$$;
grant execute on function api.admin_list_merchants() to authenticated;
comment on function api.admin_list_merchants() is 'Platform admin only: every merchant, newest first.';

create or replace function api.merchant_profile() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (
    select jsonb_build_object(
      'id', m.id, 'slug', m.slug, 'name', m.name, 'email', m.email, 'phone', m.phone,
      'website', m.website, 'code_prefix', m.code_prefix,
      'logo_url', case
        when exists (select 1 from storage.objects o where o.bucket_id = 'loghi' and o.name = m.slug || '.png')
        then m.slug || '.png'
      end
    )
    from app.merchants m where m.id = caller_merchant_id
  );
end
$$;
grant execute on function api.merchant_profile() to authenticated;
comment on function api.merchant_profile() is
  'Merchant only: the caller''s merchant record and logo_url (the logo''s object path in bucket loghi, null without a logo).';

-- api.get_percentages / api.set_percentages
create function api.get_percentages() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant('Errore: utenza inesistente');
begin
  return (
    select jsonb_build_object('personal', p.personal, 'sponsor1', p.sponsor1, 'sponsor2', p.sponsor2,
                              'sponsor3', p.sponsor3)
      from app.percentages p where p.merchant_id = caller_merchant_id
  );
end
$$;
grant execute on function api.get_percentages() to authenticated;
comment on function api.get_percentages() is 'Merchant only: its credit percentages (personal, sponsor1..3).';

-- Percentages: finite numbers between 0 and 100
create or replace function api.set_percentages(personal numeric, sponsor1 numeric, sponsor2 numeric, sponsor3 numeric)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant('Errore: utenza inesistente');
begin
  if set_percentages.personal is null or set_percentages.sponsor1 is null
     or set_percentages.sponsor2 is null or set_percentages.sponsor3 is null then
    raise sqlstate 'P0001' using message = 'Tutte le percentuali sono obbligatorie';
  end if;
  if not (app_private.is_finite(set_percentages.personal) and app_private.is_finite(set_percentages.sponsor1)
          and app_private.is_finite(set_percentages.sponsor2) and app_private.is_finite(set_percentages.sponsor3)) then
    raise sqlstate '22023' using message = 'Le percentuali devono essere numeri validi';
  end if;
  if least(set_percentages.personal, set_percentages.sponsor1, set_percentages.sponsor2, set_percentages.sponsor3) < 0
     or greatest(set_percentages.personal, set_percentages.sponsor1, set_percentages.sponsor2, set_percentages.sponsor3) > 100 then
    raise sqlstate 'P0001' using message = 'Le percentuali devono essere comprese tra 0 e 100';
  end if;
  update app.percentages p
     set personal = set_percentages.personal, sponsor1 = set_percentages.sponsor1,
         sponsor2 = set_percentages.sponsor2, sponsor3 = set_percentages.sponsor3, updated_at = now()
   where p.merchant_id = caller_merchant_id;
  return jsonb_build_object('message', 'Modifica avvenuta con successo!');
end
$$;
grant execute on function api.set_percentages(numeric, numeric, numeric, numeric) to authenticated;
comment on function api.set_percentages(numeric, numeric, numeric, numeric) is
  'Merchant only: sets its credit percentages, each required, a finite number and between 0 and 100.';

create function api.set_salon_address(address text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  cleaned text := nullif(btrim(coalesce(set_salon_address.address, '')), '');
begin
  if length(cleaned) > 255 then
    raise sqlstate '22001' using message = 'L''indirizzo può contenere al massimo 255 caratteri';
  end if;
  update app.merchants m set address = cleaned where m.id = caller_merchant_id;
  return jsonb_build_object('message', 'Indirizzo del salone aggiornato');
end
$$;
grant execute on function api.set_salon_address(text) to authenticated;
comment on function api.set_salon_address(text) is
  'Merchant only: the salon''s street address for calendar entries and e-mails (empty clears it; at most 255 '
  'characters).';

create or replace function app_private.find_salons(search text)
returns table (slug text, name text, logo_url text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  words text := btrim(coalesce(find_salons.search, ''));
begin
  if char_length(words) < 2 then
    raise sqlstate '22023' using message = 'Scrivi almeno 2 lettere del nome del centro';
  end if;
  perform app_private.require_max_length(words, 100, 'La ricerca');
  return query
    select m.slug, m.name,
           case
             when exists (select 1 from storage.objects o where o.bucket_id = 'loghi' and o.name = m.slug || '.png')
             then m.slug || '.png'
           end
      from app.merchants m
     where m.name ilike app_private.search_pattern(words) escape '\'
     -- Names that begin with the words first, then the alphabet.
     order by strpos(lower(m.name), lower(words)) = 1 desc, lower(m.name), m.slug
     limit 10;
end
$$;
grant execute on function app_private.find_salons(text) to anon, authenticated;

-- api.find_salons
create function api.find_salons(query text)
returns table (slug text, name text, logo_url text)
language sql stable set search_path = ''
as $$
  select s.slug, s.name, s.logo_url from app_private.find_salons(find_salons.query) s
$$;
grant execute on function api.find_salons(text) to anon, authenticated;
comment on function api.find_salons(text) is
  'Anyone: up to 10 salons whose name contains the query (at least 2 characters, at most 100; % and _ match themselves), those starting with it first: slug, name, logo_url (the logo''s object path in bucket loghi, null without a logo).';

-- Policies: platform admins
create policy "Users see whether they are platform admins" on app.platform_admins
  for select to authenticated
  using (user_id = (select auth.uid()));

-- Policies: merchants
create policy "Merchants see their own merchant" on app.merchants
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Clients see the merchants they belong to" on app.merchants
  for select to authenticated
  using (id = any ((select app_private.my_client_merchant_ids())::uuid[]));

create policy "Platform admins see every merchant" on app.merchants
  for select to authenticated
  using ((select app_private.is_platform_admin()));

-- Policies: percentages
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

-- Names, notes and reasons that cannot deceive (app_private.refuse_deceptive_text)
create trigger merchants_plain_text before insert or update of name, address on app.merchants
  for each row execute function app_private.refuse_deceptive_text('name', 'Il nome', 'address', 'L''indirizzo');
