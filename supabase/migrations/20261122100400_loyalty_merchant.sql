-- Loyalty merchant API: the signed-in merchant's profile, clients, movements, credit percentages,
-- statistics and client tree. Every function is security invoker: RLS limits the merchant to its own
-- rows, and each function also filters on the caller's merchant id explicitly.
--
-- Statistics (spec §9): per client, the count and the net revenue of its referrals at depth 1, 2 and 3;
-- revenue across the network by the buyer's generation (0 = unsponsored, 3 covers all deeper);
-- top 5 by own net purchases, by number of first-generation referrals and by their revenue.
-- Dates and times of movements are shown in Europe/Rome; date filters are Europe/Rome calendar days.

-- ============================================================================
-- Paging guard
-- ============================================================================
create function app_private.check_page(page integer, page_size integer) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if check_page.page is null or check_page.page < 1
     or check_page.page_size is null or check_page.page_size < 1 or check_page.page_size > 1000 then
    raise sqlstate 'P0001' using message = 'Pagina non valida';
  end if;
end
$$;

-- A search text as a case-insensitive LIKE pattern, its wildcards escaped; null when empty.
create function app_private.search_pattern(search text) returns text
language sql immutable set search_path = ''
as $$
  select case when nullif(btrim(coalesce(search_pattern.search, '')), '') is null then null
    else '%' || replace(replace(replace(lower(btrim(search_pattern.search)), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end
$$;

grant execute on function app_private.check_page(integer, integer), app_private.search_pattern(text)
  to authenticated, service_role;

-- ============================================================================
-- api.merchant_profile
-- ============================================================================
create function api.merchant_profile() returns jsonb
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
        then '/storage/v1/object/public/loghi/' || m.slug || '.png'
      end
    )
    from app.merchants m where m.id = caller_merchant_id
  );
end
$$;
comment on function api.merchant_profile() is 'Merchant only: the caller''s merchant record and logo_url.';
grant execute on function api.merchant_profile() to authenticated;

-- ============================================================================
-- api.merchant_clients
-- ============================================================================
create function api.merchant_clients(search text default null, page integer default 1, page_size integer default 10)
returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pattern text := app_private.search_pattern(merchant_clients.search);
  result jsonb;
begin
  perform app_private.check_page(merchant_clients.page, merchant_clients.page_size);
  with matching as (
    select c.id, c.code, c.name, c.email, c.phone, c.sponsor_id, c.available_credit, c.created_at
      from app.clients c
     where c.merchant_id = caller_merchant_id
       and (pattern is null
            or lower(c.name) like pattern or lower(c.code) like pattern
            or lower(c.email) like pattern or lower(coalesce(c.phone, '')) like pattern)
  ),
  page_rows as (
    select mc.*, s.code as sponsor_code
      from matching mc
      left join app.clients s on s.id = mc.sponsor_id
     order by mc.created_at desc, mc.code desc
     limit merchant_clients.page_size offset (merchant_clients.page - 1) * merchant_clients.page_size
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'clients', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'code', p.code, 'name', p.name, 'email', p.email, 'phone', p.phone,
               'sponsor_code', p.sponsor_code, 'available_credit', p.available_credit, 'created_at', p.created_at
             ) order by p.created_at desc, p.code desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
comment on function api.merchant_clients(text, integer, integer) is
  'Merchant only: its clients, newest first, one page at a time; search matches name, code, e-mail or phone.';
grant execute on function api.merchant_clients(text, integer, integer) to authenticated;

-- ============================================================================
-- api.merchant_movements
-- ============================================================================
create function api.merchant_movements(
  date_from date default null,
  date_to date default null,
  client_code text default null,
  page integer default 1,
  page_size integer default 10
) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  from_instant timestamptz := merchant_movements.date_from::timestamp at time zone 'Europe/Rome';
  to_instant timestamptz := (merchant_movements.date_to + 1)::timestamp at time zone 'Europe/Rome';
  wanted_code text := upper(nullif(btrim(coalesce(merchant_movements.client_code, '')), ''));
  result jsonb;
begin
  perform app_private.check_page(merchant_movements.page, merchant_movements.page_size);
  with matching as (
    select mv.id, c.code as client_code, c.name as client_name, mv.spend, mv.discount, mv.net, mv.created_at
      from app.movements mv
      join app.clients c on c.id = mv.client_id
     where mv.merchant_id = caller_merchant_id
       and (from_instant is null or mv.created_at >= from_instant)
       and (to_instant is null or mv.created_at < to_instant)
       and (wanted_code is null or c.code = wanted_code)
  ),
  page_rows as (
    select * from matching mm
     order by mm.created_at desc, mm.id desc
     limit merchant_movements.page_size offset (merchant_movements.page - 1) * merchant_movements.page_size
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'movements', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'client_code', p.client_code, 'client_name', p.client_name,
               'spend', p.spend, 'discount', p.discount, 'net', p.net, 'created_at', p.created_at,
               'date', to_char(p.created_at at time zone 'Europe/Rome', 'YYYY-MM-DD'),
               'time', to_char(p.created_at at time zone 'Europe/Rome', 'HH24:MI:SS')
             ) order by p.created_at desc, p.id desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
comment on function api.merchant_movements(date, date, text, integer, integer) is
  'Merchant only: its movements, newest first, filtered by Europe/Rome dates (inclusive) and client code, paged.';
grant execute on function api.merchant_movements(date, date, text, integer, integer) to authenticated;

-- ============================================================================
-- api.get_percentages / api.set_percentages
-- ============================================================================
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
comment on function api.get_percentages() is 'Merchant only: its credit percentages (personal, sponsor1..3).';
grant execute on function api.get_percentages() to authenticated;

create function api.set_percentages(personal numeric, sponsor1 numeric, sponsor2 numeric, sponsor3 numeric)
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
comment on function api.set_percentages(numeric, numeric, numeric, numeric) is
  'Merchant only: sets its credit percentages, each required and between 0 and 100.';
grant execute on function api.set_percentages(numeric, numeric, numeric, numeric) to authenticated;

-- ============================================================================
-- api.merchant_statistics
-- ============================================================================
create function api.merchant_statistics() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  result jsonb;
begin
  with members as (
    select c.id, c.code, c.name, c.sponsor_id, c.generation, c.available_credit
      from app.clients c where c.merchant_id = caller_merchant_id
  ),
  own as (
    select mv.client_id, count(*) as purchases, sum(mv.spend) as gross, sum(mv.discount) as discounts,
           sum(mv.net) as net
      from app.movements mv where mv.merchant_id = caller_merchant_id
     group by mv.client_id
  ),
  lineage as (
    select d.sponsor_id as ancestor1, p.sponsor_id as ancestor2, gp.sponsor_id as ancestor3,
           coalesce(o.net, 0) as net
      from members d
      left join members p on p.id = d.sponsor_id
      left join members gp on gp.id = p.sponsor_id
      left join own o on o.client_id = d.id
  ),
  levels as (
    select l.ancestor1 as ancestor, 1 as depth, l.net from lineage l where l.ancestor1 is not null
    union all
    select l.ancestor2, 2, l.net from lineage l where l.ancestor2 is not null
    union all
    select l.ancestor3, 3, l.net from lineage l where l.ancestor3 is not null
  ),
  network as (
    select lv.ancestor,
           count(*) filter (where lv.depth = 1) as generation1_count,
           count(*) filter (where lv.depth = 2) as generation2_count,
           count(*) filter (where lv.depth = 3) as generation3_count,
           coalesce(sum(lv.net) filter (where lv.depth = 1), 0) as generation1_revenue,
           coalesce(sum(lv.net) filter (where lv.depth = 2), 0) as generation2_revenue,
           coalesce(sum(lv.net) filter (where lv.depth = 3), 0) as generation3_revenue
      from levels lv
     group by lv.ancestor
  ),
  per_client as (
    select m.code, m.name,
           coalesce(o.net, 0) as total_purchases,
           coalesce(o.purchases, 0) as purchases_count,
           coalesce(n.generation1_count, 0) as generation1_count,
           coalesce(n.generation2_count, 0) as generation2_count,
           coalesce(n.generation3_count, 0) as generation3_count,
           coalesce(n.generation1_revenue, 0) as generation1_revenue,
           coalesce(n.generation2_revenue, 0) as generation2_revenue,
           coalesce(n.generation3_revenue, 0) as generation3_revenue
      from members m
      left join own o on o.client_id = m.id
      left join network n on n.ancestor = m.id
  )
  select jsonb_build_object(
    'totals', (
      select jsonb_build_object(
        'clients', count(*),
        'root_clients', count(*) filter (where m.generation = 0),
        'sponsored_clients', count(*) filter (where m.generation > 0),
        'available_credit', coalesce(sum(m.available_credit), 0),
        'purchases', coalesce(sum(o.purchases), 0),
        'gross', coalesce(sum(o.gross), 0),
        'discounts', coalesce(sum(o.discounts), 0),
        'net', coalesce(sum(o.net), 0)
      )
      from members m left join own o on o.client_id = m.id
    ),
    'per_client', coalesce((select jsonb_agg(to_jsonb(pc) order by pc.code) from per_client pc), '[]'::jsonb),
    'revenue', (
      select jsonb_build_object(
        'unsponsored', coalesce(sum(o.net) filter (where m.generation = 0), 0),
        'generation1', coalesce(sum(o.net) filter (where m.generation = 1), 0),
        'generation2', coalesce(sum(o.net) filter (where m.generation = 2), 0),
        'generation3', coalesce(sum(o.net) filter (where m.generation >= 3), 0)
      )
      from members m join own o on o.client_id = m.id
    ),
    'top_by_purchases', coalesce((
      select jsonb_agg(to_jsonb(t)) from (
        select * from per_client pc where pc.total_purchases > 0
         order by pc.total_purchases desc, pc.code limit 5
      ) t
    ), '[]'::jsonb),
    'top_by_first_generation', coalesce((
      select jsonb_agg(to_jsonb(t)) from (
        select * from per_client pc where pc.generation1_count > 0
         order by pc.generation1_count desc, pc.code limit 5
      ) t
    ), '[]'::jsonb),
    'top_by_first_generation_revenue', coalesce((
      select jsonb_agg(to_jsonb(t)) from (
        select * from per_client pc where pc.generation1_revenue > 0
         order by pc.generation1_revenue desc, pc.code limit 5
      ) t
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
comment on function api.merchant_statistics() is
  'Merchant only: totals, per-client referral counts and revenue by depth, revenue by generation and top-5 rankings.';
grant execute on function api.merchant_statistics() to authenticated;

-- ============================================================================
-- api.merchant_client_tree
-- ============================================================================
create function api.merchant_client_tree()
returns table (id uuid, code text, name text, sponsor_id uuid, generation integer)
language sql stable set search_path = ''
as $$
  select app_private.require_merchant();
  select c.id, c.code, c.name, c.sponsor_id, c.generation
    from app.clients c
   where c.merchant_id = app_private.current_merchant_id()
   order by c.generation, c.code;
$$;
comment on function api.merchant_client_tree() is
  'Merchant only: every client of the caller''s merchant with its sponsor and generation (0 = root).';
grant execute on function api.merchant_client_tree() to authenticated;
