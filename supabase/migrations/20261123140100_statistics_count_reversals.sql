-- Statistiche count a reversed purchase as no purchase.
-- A reversal (migration 20261123140000) is a movement with spend, discount and net negated, so every
-- sum already nets the purchase out; only the count of purchases saw two rows. Each reversal now
-- cancels the purchase it reverses in that count.

-- ============================================================================
-- api.merchant_statistics
-- ============================================================================
create or replace function api.merchant_statistics() returns jsonb
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
    select mv.client_id,
           count(*) filter (where mv.reversal_of is null) - count(*) filter (where mv.reversal_of is not null)
             as purchases,
           sum(mv.spend) as gross, sum(mv.discount) as discounts,
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
