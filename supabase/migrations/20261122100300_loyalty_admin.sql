-- Loyalty admin API: the platform admin creates merchants (with their login), lists them, reads the
-- campaign summary of every merchant in one query and the client tree of one merchant.
--
-- Merchant code prefixes come from app.merchant_prefix_counter (1 = A ... 26 = Z, 27 = AA), a single
-- row incremented under its lock in the creating transaction: race-free and without gaps.
--
-- Presentations in the campaign summary (spec §4, §9): "first presentations" are the clients at
-- generation 1 (their sponsor is a root client), "second" at generation 2, "third" at generation 3 and
-- deeper, as the spec's "generation 3 and deeper" level. Revenue is the net spend of the clients at each
-- level; unsponsored = root clients (generation 0).
-- Windows, in Europe/Rome: yesterday = the previous calendar day; last week = the 7 days before today,
-- today excluded; last month = the previous calendar month.

-- ============================================================================
-- Words the app's routes use, which no merchant slug may take
-- ============================================================================
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

-- ============================================================================
-- Creating a merchant (definer: creates an auth account and uses the private prefix counter;
-- it checks the caller is a platform admin itself)
-- ============================================================================
create function app_private.create_merchant(name text, phone text, email text, password text, website text)
returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  clean_name text := nullif(btrim(coalesce(create_merchant.name, '')), '');
  clean_phone text := nullif(btrim(coalesce(create_merchant.phone, '')), '');
  clean_email text := lower(btrim(coalesce(create_merchant.email, '')));
  clean_website text := nullif(btrim(coalesce(create_merchant.website, '')), '');
  new_slug text := app_private.slugify(create_merchant.name);
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
  if clean_phone is null then
    raise sqlstate 'P0001' using message = 'Il telefono è obbligatorio';
  end if;
  perform app_private.check_new_login(create_merchant.email, create_merchant.password);
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

-- ============================================================================
-- api.admin_create_merchant
-- ============================================================================
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
comment on function api.admin_create_merchant(text, text, text, text, text) is
  'Platform admin only: creates a merchant and its login account; returns id, slug, name, code_prefix.';
grant execute on function api.admin_create_merchant(text, text, text, text, text) to authenticated;

-- ============================================================================
-- api.admin_list_merchants
-- ============================================================================
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
comment on function api.admin_list_merchants() is 'Platform admin only: every merchant, newest first.';
grant execute on function api.admin_list_merchants() to authenticated;

-- ============================================================================
-- api.admin_campaign_summaries
-- ============================================================================
create function api.admin_campaign_summaries() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  today date := (now() at time zone 'Europe/Rome')::date;
  today_start timestamptz := today::timestamp at time zone 'Europe/Rome';
  yesterday_start timestamptz := (today - 1)::timestamp at time zone 'Europe/Rome';
  week_start timestamptz := (today - 7)::timestamp at time zone 'Europe/Rome';
  month_start timestamptz := (date_trunc('month', today) - interval '1 month')::timestamp at time zone 'Europe/Rome';
  this_month_start timestamptz := date_trunc('month', today)::timestamp at time zone 'Europe/Rome';
begin
  perform app_private.require_platform_admin();
  return coalesce((
    with client_stats as (
      select c.merchant_id,
             count(*) as total,
             count(*) filter (where c.created_at >= yesterday_start and c.created_at < today_start) as yesterday,
             count(*) filter (where c.created_at >= week_start and c.created_at < today_start) as last_week,
             count(*) filter (where c.created_at >= month_start and c.created_at < this_month_start) as last_month,
             count(*) filter (where c.generation = 1) as first_total,
             count(*) filter (where c.generation = 1 and c.created_at >= yesterday_start and c.created_at < today_start) as first_yesterday,
             count(*) filter (where c.generation = 1 and c.created_at >= week_start and c.created_at < today_start) as first_last_week,
             count(*) filter (where c.generation = 2) as second_total,
             count(*) filter (where c.generation = 2 and c.created_at >= yesterday_start and c.created_at < today_start) as second_yesterday,
             count(*) filter (where c.generation = 2 and c.created_at >= week_start and c.created_at < today_start) as second_last_week,
             count(*) filter (where c.generation >= 3) as third_total,
             count(*) filter (where c.generation >= 3 and c.created_at >= yesterday_start and c.created_at < today_start) as third_yesterday,
             count(*) filter (where c.generation >= 3 and c.created_at >= week_start and c.created_at < today_start) as third_last_week
        from app.clients c
       group by c.merchant_id
    ),
    movement_stats as (
      select mv.merchant_id,
             sum(mv.spend) as gross_total,
             sum(mv.spend) filter (where mv.created_at >= yesterday_start and mv.created_at < today_start) as gross_yesterday,
             sum(mv.spend) filter (where mv.created_at >= week_start and mv.created_at < today_start) as gross_last_week,
             sum(mv.discount) as discount_total,
             sum(mv.discount) filter (where mv.created_at >= yesterday_start and mv.created_at < today_start) as discount_yesterday,
             sum(mv.discount) filter (where mv.created_at >= week_start and mv.created_at < today_start) as discount_last_week,
             sum(mv.net) as net_total,
             sum(mv.net) filter (where mv.created_at >= yesterday_start and mv.created_at < today_start) as net_yesterday,
             sum(mv.net) filter (where mv.created_at >= week_start and mv.created_at < today_start) as net_last_week,
             sum(mv.net) filter (where c.generation = 0) as root_total,
             sum(mv.net) filter (where c.generation = 0 and mv.created_at >= yesterday_start and mv.created_at < today_start) as root_yesterday,
             sum(mv.net) filter (where c.generation = 1) as g1_total,
             sum(mv.net) filter (where c.generation = 1 and mv.created_at >= yesterday_start and mv.created_at < today_start) as g1_yesterday,
             sum(mv.net) filter (where c.generation = 2) as g2_total,
             sum(mv.net) filter (where c.generation = 2 and mv.created_at >= yesterday_start and mv.created_at < today_start) as g2_yesterday,
             sum(mv.net) filter (where c.generation >= 3) as g3_total,
             sum(mv.net) filter (where c.generation >= 3 and mv.created_at >= yesterday_start and mv.created_at < today_start) as g3_yesterday
        from app.movements mv
        join app.clients c on c.id = mv.client_id
       group by mv.merchant_id
    )
    select jsonb_agg(jsonb_build_object(
             'merchant_id', m.id,
             'slug', m.slug,
             'name', m.name,
             'clients', jsonb_build_object(
               'total', coalesce(cs.total, 0), 'yesterday', coalesce(cs.yesterday, 0),
               'last_week', coalesce(cs.last_week, 0), 'last_month', coalesce(cs.last_month, 0)),
             'presentations', jsonb_build_object(
               'first', jsonb_build_object('total', coalesce(cs.first_total, 0),
                 'yesterday', coalesce(cs.first_yesterday, 0), 'last_week', coalesce(cs.first_last_week, 0)),
               'second', jsonb_build_object('total', coalesce(cs.second_total, 0),
                 'yesterday', coalesce(cs.second_yesterday, 0), 'last_week', coalesce(cs.second_last_week, 0)),
               'third', jsonb_build_object('total', coalesce(cs.third_total, 0),
                 'yesterday', coalesce(cs.third_yesterday, 0), 'last_week', coalesce(cs.third_last_week, 0))),
             'gross', jsonb_build_object('total', coalesce(ms.gross_total, 0),
               'yesterday', coalesce(ms.gross_yesterday, 0), 'last_week', coalesce(ms.gross_last_week, 0)),
             'discounts', jsonb_build_object('total', coalesce(ms.discount_total, 0),
               'yesterday', coalesce(ms.discount_yesterday, 0), 'last_week', coalesce(ms.discount_last_week, 0)),
             'net', jsonb_build_object('total', coalesce(ms.net_total, 0),
               'yesterday', coalesce(ms.net_yesterday, 0), 'last_week', coalesce(ms.net_last_week, 0)),
             'revenue', jsonb_build_object(
               'unsponsored', jsonb_build_object('total', coalesce(ms.root_total, 0), 'yesterday', coalesce(ms.root_yesterday, 0)),
               'generation1', jsonb_build_object('total', coalesce(ms.g1_total, 0), 'yesterday', coalesce(ms.g1_yesterday, 0)),
               'generation2', jsonb_build_object('total', coalesce(ms.g2_total, 0), 'yesterday', coalesce(ms.g2_yesterday, 0)),
               'generation3', jsonb_build_object('total', coalesce(ms.g3_total, 0), 'yesterday', coalesce(ms.g3_yesterday, 0)))
           ) order by m.created_at desc, length(m.code_prefix) desc, m.code_prefix desc)
      from app.merchants m
      left join client_stats cs on cs.merchant_id = m.id
      left join movement_stats ms on ms.merchant_id = m.id
  ), '[]'::jsonb);
end
$$;
comment on function api.admin_campaign_summaries() is
  'Platform admin only: per merchant, clients, presentations by generation, gross/discounts/net and revenue by '
  'generation, in total and over Europe/Rome windows (yesterday, last 7 days before today, previous month).';
grant execute on function api.admin_campaign_summaries() to authenticated;

-- ============================================================================
-- api.admin_client_tree
-- ============================================================================
create function api.admin_client_tree(merchant_slug text)
returns table (id uuid, code text, name text, sponsor_id uuid, generation integer)
language sql stable set search_path = ''
as $$
  select app_private.require_platform_admin();
  select c.id, c.code, c.name, c.sponsor_id, c.generation
    from app.clients c
    join app.merchants m on m.id = c.merchant_id
   where m.slug = lower(btrim(coalesce(admin_client_tree.merchant_slug, '')))
   order by c.generation, c.code;
$$;
comment on function api.admin_client_tree(text) is
  'Platform admin only: every client of a merchant with its sponsor and generation (0 = root).';
grant execute on function api.admin_client_tree(text) to authenticated;
