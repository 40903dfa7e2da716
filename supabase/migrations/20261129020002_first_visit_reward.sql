-- The reward for a friend's first visit: a salon may grant its sponsor a one-off credit (merchants.
-- first_visit_reward, off by default) when a referred client completes her first visit; one
-- 'first_visit_reward' ledger entry per friend (credit_ledger.referred_client_id is unique), never to an
-- erased or unconfirmed sponsor, counted toward the monthly referral cap, reversed with the visit's
-- purchase. The customer reads it in Crediti; Statistiche counts it apart, with the visits (completed,
-- no-shows, their rate) and the revenue of visits and walk-ins.

alter table app.merchants add column first_visit_reward numeric(10, 2)
  constraint merchants_first_visit_reward_range
    check (first_visit_reward is null or (first_visit_reward > 0 and first_visit_reward <= 500));
comment on column app.merchants.first_visit_reward is
  'The one-off credit a sponsor earns when a client she brought completes her first visit (0.01..500 euro); '
  'null: no reward.';

alter table app.credit_ledger drop constraint credit_ledger_kind_check;
alter table app.credit_ledger add constraint credit_ledger_kind_check check (
  kind in ('generation0', 'generation1', 'generation2', 'generation3', 'redemption', 'erasure', 'adjustment',
           'first_visit_reward')
);
alter table app.credit_ledger add column referred_client_id uuid
  constraint credit_ledger_one_first_visit_reward unique;
alter table app.credit_ledger add constraint credit_ledger_referred_client_for_rewards
  check (referred_client_id is null or kind = 'first_visit_reward');
alter table app.credit_ledger add constraint credit_ledger_referred_client_same_merchant
  foreign key (merchant_id, referred_client_id) references app.clients (merchant_id, id)
  on delete set null (referred_client_id);
comment on table app.credit_ledger is
  'Append-only credit ledger, one row per credit or debit: generation0 = own purchase, generation1..3 = '
  'purchase of a referral at that depth, redemption = discount used (negative), erasure = the balance '
  'closed when the client was erased (minus the balance, never reversed), adjustment = credit the salon added '
  'or removed by hand, first_visit_reward = the salon''s reward for a referred friend''s first completed visit.';
comment on column app.credit_ledger.referred_client_id is
  'On a ''first_visit_reward'': the friend whose first completed visit earned it; unique, so a friend earns '
  'her sponsor one reward at most, however many visits complete at once.';

create or replace function app_private.referral_credit_this_month(sponsor_id uuid) returns numeric
language sql stable set search_path = ''
as $$
  select coalesce(sum(l.amount), 0)
    from app.credit_ledger l
   where l.client_id = referral_credit_this_month.sponsor_id
     and l.kind in ('generation1', 'generation2', 'generation3', 'first_visit_reward')
     and l.created_at >= date_trunc('month', now() at time zone 'Europe/Rome') at time zone 'Europe/Rome'
$$;

comment on function app_private.referral_credit_this_month(uuid) is
  'The credit a sponsor earned from her referrals'' purchases and first visits since the 1st of this month '
  '(Europe/Rome), reversals netted out.';

-- The first name of a client this sponsor brought, as her Crediti names the friend whose first visit
-- earned her a reward (definer: a client does not read other clients' rows); null once she is erased.
create function app_private.referral_first_name(sponsor_id uuid, friend_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select split_part(btrim(c.name), ' ', 1)
    from app.clients c
   where c.id = referral_first_name.friend_id
     and c.sponsor_id = referral_first_name.sponsor_id
     and c.erased_at is null
$$;
revoke execute on function app_private.referral_first_name(uuid, uuid) from public;
grant execute on function app_private.referral_first_name(uuid, uuid) to authenticated;

create or replace function api.client_credit(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_credit.merchant_slug);
begin
  return jsonb_build_object(
    'available_credit', (select c.available_credit from app.clients c where c.id = caller_client_id),
    'ledger', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', l.id, 'amount', l.amount,
               'reason', case
                 when l.reverses_entry is not null then 'reversal'
                 when l.kind = 'generation0' then 'purchase'
                 else l.kind
               end,
               'reversal_label', case when l.reverses_entry is not null then
                 'Storno acquisto del ' || to_char(original.created_at at time zone 'Europe/Rome', 'DD-MM-YYYY')
               end,
               'reward_label', case when l.kind = 'first_visit_reward' and l.reverses_entry is null then
                 'Premio per la prima visita di '
                   || coalesce(app_private.referral_first_name(l.client_id, l.referred_client_id),
                               'una persona che hai presentato')
               end,
               'movement_id', l.movement_id, 'created_at', l.created_at, 'note', l.note
             ) order by l.created_at desc, l.kind desc)
        from app.credit_ledger l
        -- The reversed entry was written with its purchase: its time is the purchase's, and a sponsor
        -- may read it (the buyer's movement is not the sponsor's to read).
        left join app.credit_ledger original on original.id = l.reverses_entry
       where l.client_id = caller_client_id
    ), '[]'::jsonb)
  );
end
$$;

comment on function api.client_credit(text) is
  'Client only: available credit at one merchant (negative after a reversal of credit already spent) and the '
  'ledger entries behind it, newest first; reversal entries have reason ''reversal'' and an Italian reversal_label, '
  'credit the salon added or removed by hand reason ''adjustment'' and its note, the reward for a friend''s first '
  'visit reason ''first_visit_reward'' and an Italian reward_label naming her.';

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

comment on function api.merchant_statistics() is
  'Merchant only: totals, adjustments (credit given and removed by hand, apart from purchases), '
  'first_visit_rewards (credit given for referred friends'' first visits, storni netted out), visits (completed, '
  'no-shows and the no-show rate among them, null without any), revenue_by_origin (net from purchases of a '
  'visit and from walk-ins, storni counted with their purchase), revenue by generation and the top-5 '
  'rankings; the per-client figures are api.merchant_client_statistics, a page at a time.';

-- Definer: the reward moves a sponsor's balance, which no API role writes directly; it runs only as
-- the trigger of a visit's completion.
create function app_private.grant_first_visit_reward() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  friend app.clients;
  sponsor app.clients;
  salon app.merchants;
  reward numeric;
begin
  select * into salon from app.merchants m where m.id = new.merchant_id;
  select * into friend from app.clients c where c.id = new.client_id;
  if salon.first_visit_reward is null or friend.sponsor_id is null
     or exists (select 1 from app.reservations r
                 where r.client_id = friend.id and r.status = 'completata' and r.id <> new.id) then
    return null;
  end if;
  -- Locked before the cap is read, as a purchase crediting her does.
  select * into sponsor from app.clients c where c.id = friend.sponsor_id for update;
  if sponsor.erased_at is not null or app_private.address_unconfirmed(sponsor.user_id) then
    return null;
  end if;
  reward := app_private.capped_referral_share(sponsor.id, salon.first_visit_reward, salon.referral_credit_cap);
  if reward > 0 then
    insert into app.credit_ledger (merchant_id, client_id, movement_id, kind, amount, referred_client_id)
    values (salon.id, sponsor.id,
            (select mv.id from app.movements mv where mv.reservation_id = new.id and mv.reversal_of is null),
            'first_visit_reward', reward, friend.id)
    -- Two first visits completed at once: the one committed first earns it.
    on conflict (referred_client_id) do nothing;
  end if;
  return null;
end
$$;
revoke execute on function app_private.grant_first_visit_reward() from public;

create trigger reservations_grant_first_visit_reward
  after update of status on app.reservations
  for each row
  when (new.status = 'completata' and old.status is distinct from 'completata')
  execute function app_private.grant_first_visit_reward();

-- The setting
create function api.first_visit_reward() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select jsonb_build_object('amount', m.first_visit_reward) from app.merchants m where m.id = caller_merchant_id);
end
$$;
grant execute on function api.first_visit_reward() to authenticated;
comment on function api.first_visit_reward() is
  'Merchant only: the credit a sponsor earns when a client she brought completes her first visit ({amount}, '
  'null: no reward).';

-- Definer: merchants do not update their own merchant row otherwise; this changes one column only.
create function api.set_first_visit_reward(amount numeric) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  chosen numeric := nullif(set_first_visit_reward.amount, 0);
begin
  if chosen is not null then
    perform app_private.require_finite(chosen, 'Il premio non è un numero valido');
    if chosen < 0 then
      raise sqlstate '22023' using message = 'Il premio non può essere negativo';
    end if;
    if chosen > 500 then
      raise sqlstate '22023' using message = 'Il premio può essere al massimo € 500,00';
    end if;
    if chosen <> round(chosen, 2) then
      raise sqlstate '22023' using message = 'Il premio può avere al massimo due decimali';
    end if;
  end if;
  update app.merchants m set first_visit_reward = chosen where m.id = caller_merchant_id;
  return jsonb_build_object(
    'amount', chosen,
    'message', case when chosen is null then 'Premio per la prima visita disattivato'
                    else 'Premio per la prima visita aggiornato' end);
end
$$;
grant execute on function api.set_first_visit_reward(numeric) to authenticated;
comment on function api.set_first_visit_reward(numeric) is
  'Merchant only: the one-off credit (0.01..500 euro, two decimals) a sponsor earns when a client she brought '
  'completes her first visit; null or 0 turns it off. The reward counts toward the monthly referral cap.';
