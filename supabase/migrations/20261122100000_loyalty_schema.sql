-- Loyalty schema: merchants, their credit percentages, clients in a sponsor tree, purchases
-- (movements) and the append-only credit ledger.
--
-- Why this shape:
-- * Tables live in the private schema `app`; only the functions of schema `api` are exposed, and
--   every table has row-level security so that even a function bug cannot cross tenants.
-- * Security-definer helpers live in `app_private`, which the API does not expose.
-- * Money is numeric, kept to cents. RULE: every ledger entry is rounded to cents, half away from
--   zero (round(x, 2) on numeric), and a client's available credit is the sum of its ledger entries.
--   The balance column is maintained only by a trigger on the ledger, in the same transaction, so no
--   API role can write it directly.
-- * A client's generation (0 = root, 1 = sponsored by a root, ...) is fixed at registration because a
--   sponsor never changes; statistics and trees read it instead of walking the tree.
-- * Booking tables (operators, treatments, reservations) will join this schema later, keyed by
--   app.merchants(id).

-- ============================================================================
-- Privileges: nothing is executable by public unless granted explicitly
-- ============================================================================
alter default privileges revoke execute on functions from public;

create schema if not exists app;
create schema if not exists app_private;
create schema if not exists api;

comment on schema app is 'Private application tables; reached only through the functions of schema api.';
comment on schema app_private is 'Security-definer helpers used by api functions and policies; not exposed.';
comment on schema api is 'The callable API exposed by PostgREST (supabase.rpc).';

grant usage on schema api to anon, authenticated, service_role;
grant usage on schema app to authenticated, service_role;
grant usage on schema app_private to anon, authenticated, service_role;

-- ============================================================================
-- Platform admins
-- ============================================================================
create table app.platform_admins (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table app.platform_admins is
  'Platform administrators. Seeded by the server from ADMIN_EMAIL; never derived from user-editable metadata.';

-- ============================================================================
-- Merchants
-- ============================================================================
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
  created_at timestamptz not null default now()
);
comment on table app.merchants is
  'Beauty businesses. user_id is the merchant''s login; code_prefix starts every client code.';
create index merchants_created_at_idx on app.merchants (created_at desc);

-- Gapless, race-free source of merchant code prefixes: one row, updated under its row lock.
create table app.merchant_prefix_counter (
  singleton boolean primary key default true check (singleton),
  last_number integer not null
);
comment on table app.merchant_prefix_counter is
  'The number behind the last merchant code prefix (1 = A, 27 = AA); incremented under a row lock.';

create table app.percentages (
  merchant_id uuid primary key references app.merchants (id) on delete cascade,
  personal numeric not null default 5 check (personal between 0 and 100),
  sponsor1 numeric not null default 3 check (sponsor1 between 0 and 100),
  sponsor2 numeric not null default 2 check (sponsor2 between 0 and 100),
  sponsor3 numeric not null default 1 check (sponsor3 between 0 and 100),
  updated_at timestamptz not null default now()
);
comment on table app.percentages is
  'Credit percentages of a merchant: personal for the buyer, sponsor1..3 for the first three sponsors.';

-- ============================================================================
-- Clients
-- ============================================================================
create table app.clients (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  user_id uuid references auth.users (id) on delete set null,
  code text not null,
  sponsor_id uuid,
  generation integer not null default 0 check (generation >= 0),
  name text not null check (btrim(name) <> ''),
  phone text,
  email text not null,
  available_credit numeric(14, 2) not null default 0 check (available_credit >= 0),
  created_at timestamptz not null default now(),
  unique (merchant_id, code),
  unique (merchant_id, user_id),
  unique (merchant_id, id),
  -- The sponsor is a client of the same merchant.
  foreign key (merchant_id, sponsor_id) references app.clients (merchant_id, id),
  check (sponsor_id is null or sponsor_id <> id),
  check ((sponsor_id is null) = (generation = 0))
);
comment on table app.clients is
  'A person''s membership at one merchant: code, sponsor (same merchant), generation in the tree and '
  'available credit (always the sum of its ledger entries).';
create index clients_user_id_idx on app.clients (user_id);
create index clients_sponsor_id_idx on app.clients (sponsor_id);
create index clients_merchant_created_at_idx on app.clients (merchant_id, created_at desc);

create table app.client_code_counters (
  merchant_id uuid primary key references app.merchants (id) on delete cascade,
  last_number integer not null
);
comment on table app.client_code_counters is
  'The number of the last client code of each merchant; incremented atomically (insert ... on conflict).';

-- ============================================================================
-- Movements (purchases) and the credit ledger
-- ============================================================================
create table app.movements (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null,
  client_id uuid not null,
  spend numeric(14, 2) not null check (spend > 0),
  discount numeric(14, 2) not null check (discount >= 0 and discount <= spend),
  net numeric(14, 2) generated always as (spend - discount) stored,
  registered_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (merchant_id, id),
  foreign key (merchant_id, client_id) references app.clients (merchant_id, id) on delete cascade
);
comment on table app.movements is
  'Purchases registered by a merchant: gross spend, discount used, net = spend - discount.';
create index movements_merchant_created_at_idx on app.movements (merchant_id, created_at desc);
create index movements_client_created_at_idx on app.movements (client_id, created_at desc);

create table app.credit_ledger (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null,
  client_id uuid not null,
  movement_id uuid,
  kind text not null check (kind in ('generation0', 'generation1', 'generation2', 'generation3', 'redemption')),
  amount numeric(14, 2) not null check (amount = round(amount, 2)),
  created_at timestamptz not null default now(),
  check ((kind = 'redemption') = (amount < 0)),
  foreign key (merchant_id, client_id) references app.clients (merchant_id, id) on delete cascade,
  foreign key (merchant_id, movement_id) references app.movements (merchant_id, id) on delete cascade
);
comment on table app.credit_ledger is
  'Append-only credit ledger, one row per credit or debit: generation0 = own purchase, generation1..3 = '
  'purchase of a referral at that depth, redemption = discount used (negative).';
create index credit_ledger_client_created_at_idx on app.credit_ledger (client_id, created_at desc);
create index credit_ledger_merchant_id_idx on app.credit_ledger (merchant_id);
create index credit_ledger_movement_id_idx on app.credit_ledger (movement_id);

-- ============================================================================
-- Row-level security on every table
-- ============================================================================
alter table app.platform_admins enable row level security;
alter table app.merchants enable row level security;
alter table app.merchant_prefix_counter enable row level security;
alter table app.percentages enable row level security;
alter table app.clients enable row level security;
alter table app.client_code_counters enable row level security;
alter table app.movements enable row level security;
alter table app.credit_ledger enable row level security;

grant select on app.platform_admins, app.merchants, app.percentages, app.clients, app.movements,
  app.credit_ledger to authenticated;
grant update (personal, sponsor1, sponsor2, sponsor3, updated_at) on app.percentages to authenticated;
-- The balance is not in this list: only the ledger trigger moves it.
grant update (name, phone) on app.clients to authenticated;
grant insert on app.movements, app.credit_ledger to authenticated;
grant all on all tables in schema app to service_role;
