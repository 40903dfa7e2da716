-- Counters kept by triggers: each client's statistics and each salon's daily sales, their rebuild
-- and drift check, and the statistics and campaign summaries read from them.

create table app.merchant_daily_sales (
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  day date not null,
  -- The buyer's generation; 3 stands for the third and every deeper one.
  buyer_generation smallint not null check (buyer_generation between 0 and 3),
  purchases integer not null check (purchases > 0),
  gross numeric(16, 2) not null,
  discount numeric(16, 2) not null,
  net numeric(16, 2) not null,
  primary key (merchant_id, day, buyer_generation)
);
alter table app.merchant_daily_sales enable row level security;
grant select on app.merchant_daily_sales to authenticated;
grant all on app.merchant_daily_sales to service_role;
comment on table app.merchant_daily_sales is
  'Purchases of a merchant per Europe/Rome day and buyer generation (3 = third or deeper): count, gross, '
  'discounts, net; always the sums of app.movements, kept by its triggers.';

create table app.client_statistics (
  client_id uuid primary key references app.clients (id) on delete cascade,
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  -- The client's own purchases; a reversed purchase counts as none and its sums net to zero.
  purchases integer not null default 0,
  gross numeric(16, 2) not null default 0,
  discounts numeric(16, 2) not null default 0,
  net numeric(16, 2) not null default 0,
  -- Clients this one brought in, one, two and three generations below, and what they spent (net).
  generation1_count integer not null default 0,
  generation2_count integer not null default 0,
  generation3_count integer not null default 0,
  generation1_revenue numeric(16, 2) not null default 0,
  generation2_revenue numeric(16, 2) not null default 0,
  generation3_revenue numeric(16, 2) not null default 0
);
create index client_statistics_merchant_id_idx on app.client_statistics (merchant_id);
alter table app.client_statistics enable row level security;
grant select on app.client_statistics to authenticated;
grant all on app.client_statistics to service_role;
comment on table app.client_statistics is
  'Per client: own purchases (count, gross, discounts, net) and the clients and net revenue one, two and '
  'three generations below; always what app.movements and app.clients say, kept by their triggers.';

-- api.admin_campaign_summaries: purchases summed from the daily sales (same result)
create or replace function api.admin_campaign_summaries() returns jsonb
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
      select d.merchant_id,
             sum(d.gross) as gross_total,
             sum(d.gross) filter (where d.day = today - 1) as gross_yesterday,
             sum(d.gross) filter (where d.day >= today - 7 and d.day < today) as gross_last_week,
             sum(d.discount) as discount_total,
             sum(d.discount) filter (where d.day = today - 1) as discount_yesterday,
             sum(d.discount) filter (where d.day >= today - 7 and d.day < today) as discount_last_week,
             sum(d.net) as net_total,
             sum(d.net) filter (where d.day = today - 1) as net_yesterday,
             sum(d.net) filter (where d.day >= today - 7 and d.day < today) as net_last_week,
             sum(d.net) filter (where d.buyer_generation = 0) as root_total,
             sum(d.net) filter (where d.buyer_generation = 0 and d.day = today - 1) as root_yesterday,
             sum(d.net) filter (where d.buyer_generation = 1) as g1_total,
             sum(d.net) filter (where d.buyer_generation = 1 and d.day = today - 1) as g1_yesterday,
             sum(d.net) filter (where d.buyer_generation = 2) as g2_total,
             sum(d.net) filter (where d.buyer_generation = 2 and d.day = today - 1) as g2_yesterday,
             sum(d.net) filter (where d.buyer_generation = 3) as g3_total,
             sum(d.net) filter (where d.buyer_generation = 3 and d.day = today - 1) as g3_yesterday
        from app.merchant_daily_sales d
       group by d.merchant_id
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
grant execute on function api.admin_campaign_summaries() to authenticated;
comment on function api.admin_campaign_summaries() is
  'Platform admin only: per merchant, clients, presentations by generation, gross/discounts/net and revenue by '
  'generation, in total and over Europe/Rome windows (yesterday, last 7 days before today, previous month).';

-- api.merchant_statistics: totals, revenue by generation and the rankings, from the kept figures
create or replace function api.merchant_statistics() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  result jsonb;
begin
  with per_client as (
    select c.code, c.name, c.generation, c.available_credit,
           s.net as total_purchases, s.purchases as purchases_count, s.gross, s.discounts,
           s.generation1_count, s.generation2_count, s.generation3_count,
           s.generation1_revenue, s.generation2_revenue, s.generation3_revenue
      from app.client_statistics s
      join app.clients c on c.id = s.client_id
     where s.merchant_id = caller_merchant_id
  )
  select jsonb_build_object(
    'totals', (
      select jsonb_build_object(
        'clients', count(*),
        'root_clients', count(*) filter (where pc.generation = 0),
        'sponsored_clients', count(*) filter (where pc.generation > 0),
        'available_credit', coalesce(sum(pc.available_credit), 0),
        'purchases', coalesce(sum(pc.purchases_count), 0),
        'gross', coalesce(sum(pc.gross), 0),
        'discounts', coalesce(sum(pc.discounts), 0),
        'net', coalesce(sum(pc.total_purchases), 0)
      )
      from per_client pc
    ),
    'adjustments', (
      select jsonb_build_object(
        'given', coalesce(sum(l.amount) filter (where l.amount > 0), 0),
        'removed', coalesce(-sum(l.amount) filter (where l.amount < 0), 0),
        'count', count(*)
      )
      from app.credit_ledger l
      where l.merchant_id = caller_merchant_id and l.kind = 'adjustment'
    ),
    'first_visit_rewards', (
      select jsonb_build_object(
        'given', coalesce(sum(l.amount), 0),
        'count', count(*) filter (where l.reverses_entry is null) - count(*) filter (where l.reverses_entry is not null)
      )
      from app.credit_ledger l
      where l.merchant_id = caller_merchant_id and l.kind = 'first_visit_reward'
    ),
    'visits', (
      select jsonb_build_object(
        'completed', count(*) filter (where r.status = 'completata'),
        'no_shows', count(*) filter (where r.status = 'non presentata'),
        'no_show_rate', round((count(*) filter (where r.status = 'non presentata'))::numeric
                              / nullif(count(*), 0), 4)
      )
      from app.reservations r
      where r.merchant_id = caller_merchant_id and r.status in ('completata', 'non presentata')
    ),
    'revenue_by_origin', (
      -- A storno carries no visit: it counts where the purchase it reverses does.
      select jsonb_build_object(
        'visits', coalesce(sum(mv.net) filter (where coalesce(mv.reservation_id, original.reservation_id) is not null), 0),
        'walk_ins', coalesce(sum(mv.net) filter (where coalesce(mv.reservation_id, original.reservation_id) is null), 0)
      )
      from app.movements mv
      left join app.movements original on original.id = mv.reversal_of
      where mv.merchant_id = caller_merchant_id
    ),
    'revenue', (
      select jsonb_build_object(
        'unsponsored', coalesce(sum(pc.total_purchases) filter (where pc.generation = 0), 0),
        'generation1', coalesce(sum(pc.total_purchases) filter (where pc.generation = 1), 0),
        'generation2', coalesce(sum(pc.total_purchases) filter (where pc.generation = 2), 0),
        'generation3', coalesce(sum(pc.total_purchases) filter (where pc.generation >= 3), 0)
      )
      from per_client pc
    ),
    'top_by_purchases', coalesce((
      select jsonb_agg(to_jsonb(t) order by t.total_purchases desc, t.code) from (
        select pc.code, pc.name, pc.total_purchases, pc.purchases_count,
               pc.generation1_count, pc.generation2_count, pc.generation3_count,
               pc.generation1_revenue, pc.generation2_revenue, pc.generation3_revenue
          from per_client pc where pc.total_purchases > 0
         order by pc.total_purchases desc, pc.code limit 5
      ) t
    ), '[]'::jsonb),
    'top_by_first_generation', coalesce((
      select jsonb_agg(to_jsonb(t) order by t.generation1_count desc, t.code) from (
        select pc.code, pc.name, pc.total_purchases, pc.purchases_count,
               pc.generation1_count, pc.generation2_count, pc.generation3_count,
               pc.generation1_revenue, pc.generation2_revenue, pc.generation3_revenue
          from per_client pc where pc.generation1_count > 0
         order by pc.generation1_count desc, pc.code limit 5
      ) t
    ), '[]'::jsonb),
    'top_by_first_generation_revenue', coalesce((
      select jsonb_agg(to_jsonb(t) order by t.generation1_revenue desc, t.code) from (
        select pc.code, pc.name, pc.total_purchases, pc.purchases_count,
               pc.generation1_count, pc.generation2_count, pc.generation3_count,
               pc.generation1_revenue, pc.generation2_revenue, pc.generation3_revenue
          from per_client pc where pc.generation1_revenue > 0
         order by pc.generation1_revenue desc, pc.code limit 5
      ) t
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
grant execute on function api.merchant_statistics() to authenticated;
comment on function api.merchant_statistics() is
  'Merchant only: totals, adjustments (credit given and removed by hand, apart from purchases), '
  'first_visit_rewards (credit given for referred friends'' first visits, storni netted out), visits (completed, '
  'no-shows and the no-show rate among them, null without any), revenue_by_origin (net from purchases of a '
  'visit and from walk-ins, storni counted with their purchase), revenue by generation and the top-5 '
  'rankings; the per-client figures are api.merchant_client_statistics, a page at a time.';

-- New purchases add to their day (one upsert per statement, so bulk inserts stay cheap).
create function app_private.add_daily_sales() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into app.merchant_daily_sales as s (merchant_id, day, buyer_generation, purchases, gross, discount, net)
  select i.merchant_id, (i.created_at at time zone 'Europe/Rome')::date, least(c.generation, 3),
         count(*), sum(i.spend), sum(i.discount), sum(i.net)
    from inserted i
    join app.clients c on c.id = i.client_id
   group by 1, 2, 3
  on conflict (merchant_id, day, buyer_generation) do update
     set purchases = s.purchases + excluded.purchases,
         gross = s.gross + excluded.gross,
         discount = s.discount + excluded.discount,
         net = s.net + excluded.net;
  return null;
end
$$;
revoke execute on function app_private.add_daily_sales() from public;

-- Changed or removed purchases (rare: corrections, a client or merchant deleted) recount their merchants.
create function app_private.recount_daily_sales(merchant_ids uuid[]) returns void
language sql security definer set search_path = ''
as $$
  delete from app.merchant_daily_sales s where s.merchant_id = any (recount_daily_sales.merchant_ids);
  insert into app.merchant_daily_sales (merchant_id, day, buyer_generation, purchases, gross, discount, net)
  select mv.merchant_id, (mv.created_at at time zone 'Europe/Rome')::date, least(c.generation, 3),
         count(*), sum(mv.spend), sum(mv.discount), sum(mv.net)
    from app.movements mv
    join app.clients c on c.id = mv.client_id
   where mv.merchant_id = any (recount_daily_sales.merchant_ids)
     and exists (select 1 from app.merchants m where m.id = mv.merchant_id)
   group by 1, 2, 3;
$$;
revoke execute on function app_private.recount_daily_sales(uuid[]) from public;
comment on function app_private.recount_daily_sales(uuid[]) is
  'Rebuilds the daily sales of the given merchants from app.movements.';

create function app_private.recount_daily_sales_of_deleted() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform app_private.recount_daily_sales(array(select distinct d.merchant_id from deleted d));
  return null;
end
$$;
revoke execute on function app_private.recount_daily_sales_of_deleted() from public;

create function app_private.recount_daily_sales_of_updated() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform app_private.recount_daily_sales(array(
    select d.merchant_id from deleted d union select u.merchant_id from updated u));
  return null;
end
$$;
revoke execute on function app_private.recount_daily_sales_of_updated() from public;

-- The sponsors of a set of clients, one row per (client, ancestor, depth 1..3).
create function app_private.sponsor_lines(client_ids uuid[])
returns table (client_id uuid, ancestor_id uuid, depth integer)
language sql stable security definer set search_path = ''
as $$
  select c.id, a.ancestor_id, a.depth
    from app.clients c
    left join app.clients s1 on s1.id = c.sponsor_id
    left join app.clients s2 on s2.id = s1.sponsor_id
    cross join lateral (values (s1.id, 1), (s2.id, 2), (s2.sponsor_id, 3)) as a (ancestor_id, depth)
   where c.id = any (sponsor_lines.client_ids)
     and a.ancestor_id is not null;
$$;
revoke execute on function app_private.sponsor_lines(uuid[]) from public;

-- Rows are locked in one order (by client id) before they change, so concurrent purchases and joins
-- that share sponsors wait for each other instead of deadlocking.
create function app_private.lock_client_statistics(client_ids uuid[]) returns void
language sql security definer set search_path = ''
as $$
  select null from (
    select 1 from app.client_statistics s
     where s.client_id = any (lock_client_statistics.client_ids)
     order by s.client_id
       for update
  ) locked;
$$;
revoke execute on function app_private.lock_client_statistics(uuid[]) from public;

-- A new client: her row, and one more client one, two or three generations below her sponsors.
create function app_private.add_client_statistics() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  new_ids uuid[] := array(select i.id from inserted i);
begin
  insert into app.client_statistics (client_id, merchant_id)
  select i.id, i.merchant_id from inserted i;

  perform app_private.lock_client_statistics(array(
    select distinct l.ancestor_id from app_private.sponsor_lines(new_ids) l));
  update app.client_statistics s
     set generation1_count = s.generation1_count + d.generation1,
         generation2_count = s.generation2_count + d.generation2,
         generation3_count = s.generation3_count + d.generation3
    from (
      select l.ancestor_id,
             count(*) filter (where l.depth = 1) as generation1,
             count(*) filter (where l.depth = 2) as generation2,
             count(*) filter (where l.depth = 3) as generation3
        from app_private.sponsor_lines(new_ids) l
       group by l.ancestor_id
    ) d
   where s.client_id = d.ancestor_id;
  return null;
end
$$;
revoke execute on function app_private.add_client_statistics() from public;

-- New movements (purchases and reversals): the buyer's own figures and her sponsors' revenue.
create function app_private.add_movement_statistics() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  buyer_ids uuid[] := array(select distinct i.client_id from inserted i);
begin
  perform app_private.lock_client_statistics(
    buyer_ids || array(select distinct l.ancestor_id from app_private.sponsor_lines(buyer_ids) l));

  update app.client_statistics s
     set purchases = s.purchases + d.purchases,
         gross = s.gross + d.gross,
         discounts = s.discounts + d.discounts,
         net = s.net + d.net
    from (
      select i.client_id,
             count(*) filter (where i.reversal_of is null) - count(*) filter (where i.reversal_of is not null)
               as purchases,
             sum(i.spend) as gross, sum(i.discount) as discounts, sum(i.net) as net
        from inserted i
       group by i.client_id
    ) d
   where s.client_id = d.client_id;

  update app.client_statistics s
     set generation1_revenue = s.generation1_revenue + d.generation1,
         generation2_revenue = s.generation2_revenue + d.generation2,
         generation3_revenue = s.generation3_revenue + d.generation3
    from (
      select l.ancestor_id,
             coalesce(sum(b.net) filter (where l.depth = 1), 0) as generation1,
             coalesce(sum(b.net) filter (where l.depth = 2), 0) as generation2,
             coalesce(sum(b.net) filter (where l.depth = 3), 0) as generation3
        from (select i.client_id, sum(i.net) as net from inserted i group by i.client_id) b
        join app_private.sponsor_lines(buyer_ids) l on l.client_id = b.client_id
       group by l.ancestor_id
    ) d
   where s.client_id = d.ancestor_id;
  return null;
end
$$;
revoke execute on function app_private.add_movement_statistics() from public;

-- The figures recomputed from app.clients and app.movements: the check, and the rebuild.
create function app_private.computed_client_statistics(for_merchant_ids uuid[])
returns setof app.client_statistics
language sql stable security definer set search_path = ''
as $$
  with members as (
    select c.id, c.merchant_id, c.sponsor_id from app.clients c
     where c.merchant_id = any (computed_client_statistics.for_merchant_ids)
  ),
  own as (
    select mv.client_id,
           (count(*) filter (where mv.reversal_of is null)
             - count(*) filter (where mv.reversal_of is not null))::integer as purchases,
           sum(mv.spend) as gross, sum(mv.discount) as discounts, sum(mv.net) as net
      from app.movements mv
     where mv.merchant_id = any (computed_client_statistics.for_merchant_ids)
     group by mv.client_id
  ),
  levels as (
    select l.ancestor_id, l.depth, coalesce(o.net, 0) as net
      from app_private.sponsor_lines(array(select m.id from members m)) l
      left join own o on o.client_id = l.client_id
  ),
  network as (
    select lv.ancestor_id,
           (count(*) filter (where lv.depth = 1))::integer as generation1_count,
           (count(*) filter (where lv.depth = 2))::integer as generation2_count,
           (count(*) filter (where lv.depth = 3))::integer as generation3_count,
           coalesce(sum(lv.net) filter (where lv.depth = 1), 0) as generation1_revenue,
           coalesce(sum(lv.net) filter (where lv.depth = 2), 0) as generation2_revenue,
           coalesce(sum(lv.net) filter (where lv.depth = 3), 0) as generation3_revenue
      from levels lv group by lv.ancestor_id
  )
  select m.id, m.merchant_id,
         coalesce(o.purchases, 0), coalesce(o.gross, 0), coalesce(o.discounts, 0), coalesce(o.net, 0),
         coalesce(n.generation1_count, 0), coalesce(n.generation2_count, 0), coalesce(n.generation3_count, 0),
         coalesce(n.generation1_revenue, 0), coalesce(n.generation2_revenue, 0),
         coalesce(n.generation3_revenue, 0)
    from members m
    left join own o on o.client_id = m.id
    left join network n on n.ancestor_id = m.id;
$$;
revoke execute on function app_private.computed_client_statistics(uuid[]) from public;

create function app_private.client_statistics_drift(for_merchant_ids uuid[])
returns table (client_id uuid, kept jsonb, computed jsonb)
language sql stable security definer set search_path = ''
as $$
  select coalesce(k.client_id, c.client_id), to_jsonb(k), to_jsonb(c)
    from (select * from app.client_statistics s
           where s.merchant_id = any (client_statistics_drift.for_merchant_ids)) k
    full join app_private.computed_client_statistics(client_statistics_drift.for_merchant_ids) c
      on c.client_id = k.client_id
   where k is distinct from c;
$$;
revoke execute on function app_private.client_statistics_drift(uuid[]) from public;
comment on function app_private.client_statistics_drift(uuid[]) is
  'Clients whose kept statistics differ from the ones recomputed from app.movements and app.clients '
  '(none, unless a bug or a manual write broke them).';

create function app_private.rebuild_client_statistics(for_merchant_ids uuid[]) returns void
language sql security definer set search_path = ''
as $$
  delete from app.client_statistics s where s.merchant_id = any (rebuild_client_statistics.for_merchant_ids);
  insert into app.client_statistics
  select * from app_private.computed_client_statistics(rebuild_client_statistics.for_merchant_ids);
$$;
revoke execute on function app_private.rebuild_client_statistics(uuid[]) from public;
comment on function app_private.rebuild_client_statistics(uuid[]) is
  'Rebuilds the statistics of the given merchants from app.movements and app.clients.';

-- Movements are never updated or deleted by the api; if one is (by hand, as service_role), the
-- figures of its merchant are rebuilt.
create function app_private.rebuild_statistics_of_changed_movements() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform app_private.rebuild_client_statistics(array(
    select d.merchant_id from changed d
     where exists (select 1 from app.merchants m where m.id = d.merchant_id)));
  return null;
end
$$;
revoke execute on function app_private.rebuild_statistics_of_changed_movements() from public;

-- api.merchant_client_statistics: the per-client table, one page (by client code)
create function api.merchant_client_statistics(page integer default 1, page_size integer default 20)
returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  perform app_private.check_page(merchant_client_statistics.page, merchant_client_statistics.page_size);
  return jsonb_build_object(
    'total', (select count(*) from app.clients c where c.merchant_id = caller_merchant_id),
    'clients', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.code)
        from (
          select c.code, c.name,
                 s.net as total_purchases, s.purchases as purchases_count,
                 s.generation1_count, s.generation2_count, s.generation3_count,
                 s.generation1_revenue, s.generation2_revenue, s.generation3_revenue
            from (
              -- The page's clients first, in the order of the (merchant, code) index.
              select c.id, c.code, c.name from app.clients c
               where c.merchant_id = caller_merchant_id
               order by c.code
               limit merchant_client_statistics.page_size
              offset (merchant_client_statistics.page - 1) * merchant_client_statistics.page_size
            ) c
            join app.client_statistics s on s.client_id = c.id
        ) r
    ), '[]'::jsonb)
  );
end
$$;
grant execute on function api.merchant_client_statistics(integer, integer) to authenticated;
comment on function api.merchant_client_statistics(integer, integer) is
  'Merchant only: one page of the per-client figures (own purchases, clients and net revenue one, two '
  'and three generations below), by client code; with the number of clients.';

create trigger movements_add_daily_sales
  after insert on app.movements
  referencing new table as inserted
  for each statement execute function app_private.add_daily_sales();

create trigger movements_recount_daily_sales_after_delete
  after delete on app.movements
  referencing old table as deleted
  for each statement execute function app_private.recount_daily_sales_of_deleted();

create trigger movements_recount_daily_sales_after_update
  after update on app.movements
  referencing old table as deleted new table as updated
  for each statement execute function app_private.recount_daily_sales_of_updated();

create trigger clients_add_statistics
  after insert on app.clients
  referencing new table as inserted
  for each statement execute function app_private.add_client_statistics();

create trigger movements_add_statistics
  after insert on app.movements
  referencing new table as inserted
  for each statement execute function app_private.add_movement_statistics();

create trigger movements_rebuild_statistics_after_delete
  after delete on app.movements
  referencing old table as changed
  for each statement execute function app_private.rebuild_statistics_of_changed_movements();

create trigger movements_rebuild_statistics_after_update
  after update on app.movements
  referencing old table as changed
  for each statement execute function app_private.rebuild_statistics_of_changed_movements();

create policy "Platform admins see every merchant's daily sales" on app.merchant_daily_sales
  for select to authenticated
  using ((select app_private.is_platform_admin()));

create policy "Merchants see their own clients' statistics" on app.client_statistics
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));
