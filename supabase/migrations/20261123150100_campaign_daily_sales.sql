-- ============================================================================
-- Daily sales per merchant: the campaign summaries without summing every purchase
-- ============================================================================
-- api.admin_campaign_summaries summed every movement of every merchant on each call (1.1 s at a
-- million purchases). The same sums, kept per merchant, Europe/Rome day and buyer generation, answer
-- every window the summary shows (total, yesterday, the 7 days before today): a window of whole Rome
-- days is a range of `day`. Triggers on app.movements keep them, whatever function writes the rows.

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
comment on table app.merchant_daily_sales is
  'Purchases of a merchant per Europe/Rome day and buyer generation (3 = third or deeper): count, gross, '
  'discounts, net; always the sums of app.movements, kept by its triggers.';

alter table app.merchant_daily_sales enable row level security;
grant select on app.merchant_daily_sales to authenticated;
grant all on app.merchant_daily_sales to service_role;

create policy "Platform admins see every merchant's daily sales" on app.merchant_daily_sales
  for select to authenticated
  using ((select app_private.is_platform_admin()));

-- ----------------------------------------------------------------------------
-- New purchases add to their day (one upsert per statement, so bulk inserts stay cheap).
-- ----------------------------------------------------------------------------
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

-- ----------------------------------------------------------------------------
-- Changed or removed purchases (rare: corrections, a client or merchant deleted) recount their merchants.
-- ----------------------------------------------------------------------------
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

-- The purchases registered before this migration.
insert into app.merchant_daily_sales (merchant_id, day, buyer_generation, purchases, gross, discount, net)
select mv.merchant_id, (mv.created_at at time zone 'Europe/Rome')::date, least(c.generation, 3),
       count(*), sum(mv.spend), sum(mv.discount), sum(mv.net)
  from app.movements mv
  join app.clients c on c.id = mv.client_id
 group by 1, 2, 3;

-- ============================================================================
-- api.admin_campaign_summaries: purchases summed from the daily sales (same result)
-- ============================================================================
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
comment on function api.admin_campaign_summaries() is
  'Platform admin only: per merchant, clients, presentations by generation, gross/discounts/net and revenue by '
  'generation, in total and over Europe/Rome windows (yesterday, last 7 days before today, previous month).';
grant execute on function api.admin_campaign_summaries() to authenticated;
