-- Signals of referrals worth a look (chains that buy only at the bottom, bursts of joins, referrals
-- who never come back, shared phones) for the merchant.

-- Thresholds, in one place
create function app_private.referral_signal_thresholds(
  out burst_referrals integer,
  out burst_minutes integer,
  out settle_days integer,
  out idle_referrals integer,
  out idle_share numeric,
  out quick_buyers integer,
  out quick_hours integer,
  out shared_phone_clients integer,
  out chain_clients integer,
  out chain_hours integer
)
language sql immutable set search_path = ''
as $$
  select 3, 60, 30, 3, 0.8, 3, 48, 2, 3, 48;
$$;
grant execute on function app_private.referral_signal_thresholds() to authenticated;
comment on function app_private.referral_signal_thresholds() is
  'Thresholds of the referral signals: 3 referrals in 60 minutes; referrals settled after 30 days; at least 3 '
  'settled referrals of which 80% never bought; at least 3 buying referrals who all bought only in their first '
  '48 hours; a phone number on 2 or more clients; a chain of 3 or more clients, each brought by the one above, '
  'joined within 48 hours, of whom only the last buys.';

-- api.merchant_referral_signals
create function api.merchant_referral_signals()
returns table (
  kind text,
  client_ids uuid[],
  client_names text[],
  client_codes text[],
  evidence integer,
  explanation text,
  total_signals integer
)
language plpgsql stable set search_path = ''
-- One salon may hold half the clients: plan each call for the caller's salon, never for an average one.
set plan_cache_mode = force_custom_plan
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  limits record;
  burst_window interval;
  settled_before timestamptz;
  quick_window interval;
  chain_window interval;
begin
  select * into limits from app_private.referral_signal_thresholds();
  burst_window := make_interval(mins => limits.burst_minutes);
  settled_before := now() - make_interval(days => limits.settle_days);
  quick_window := make_interval(hours => limits.quick_hours);
  chain_window := make_interval(hours => limits.chain_hours);

  return query
  with members as (
    select c.id, c.code, c.name, c.phone_key, c.sponsor_id, c.created_at
      from app.clients c
     where c.merchant_id = caller_merchant_id
  ),
  -- Purchases that stand: neither a reversal nor reversed.
  bought as (
    select mv.client_id, max(mv.created_at) as last_purchase_at
      from app.movements mv
     where mv.merchant_id = caller_merchant_id
       and mv.reversal_of is null
       and not exists (select 1 from app.movements r
                        where r.merchant_id = caller_merchant_id and r.reversal_of = mv.id)
     group by mv.client_id
  ),
  -- For every referral, how many referrals of the same sponsor joined from it to burst_minutes later.
  referral_windows as (
    select r.sponsor_id, r.created_at as first_at,
           count(*) over following_window as referrals,
           max(r.created_at) over following_window as last_at
      from members r
     where r.sponsor_id is not null
    window following_window as (
      partition by r.sponsor_id order by r.created_at range between current row and burst_window following
    )
  ),
  bursts as (
    select distinct on (w.sponsor_id) w.sponsor_id, w.referrals, w.first_at, w.last_at,
           floor(extract(epoch from w.last_at - w.first_at) / 60)::integer as minutes
      from referral_windows w
     where w.referrals >= limits.burst_referrals
     order by w.sponsor_id, w.referrals desc, w.first_at
  ),
  -- Referrals old enough to have come back, per sponsor.
  settled as (
    select r.sponsor_id,
           count(*)::integer as referrals,
           count(*) filter (where b.client_id is null)::integer as never_bought,
           count(*) filter (where b.client_id is not null)::integer as buyers,
           count(*) filter (where b.last_purchase_at <= r.created_at + quick_window)::integer as quick_buyers
      from members r
      left join bought b on b.client_id = r.id
     where r.sponsor_id is not null
       and r.created_at <= settled_before
     group by r.sponsor_id
  ),
  -- A buyer and the two or three sponsors above her who never bought, all joined within chain_window:
  -- one person with several addresses earns every generation's share of her own purchases.
  chains as (
    select ch.ids, ch.names, ch.codes, ch.joined_from, ch.joined_to, bm.name as buyer_name,
           bm.code as buyer_code
      from members bm
      join bought on bought.client_id = bm.id
      cross join lateral (
        select array_agg(link.id order by link.depth desc) as ids,
               array_agg(link.name order by link.depth desc) as names,
               array_agg(link.code order by link.depth desc) as codes,
               min(link.created_at) as joined_from, max(link.created_at) as joined_to
          from (
            with recursive upward as (
              select bm.id, bm.name, bm.code, bm.sponsor_id, bm.created_at, 0 as depth
              union all
              select s.id, s.name, s.code, s.sponsor_id, s.created_at, u.depth + 1
                from upward u
                join members s on s.id = u.sponsor_id
               where u.depth < 3
                 and not exists (select 1 from bought b where b.client_id = s.id)
                 and s.created_at >= bm.created_at - chain_window
            )
            select * from upward
          ) as link
      ) as ch
     where cardinality(ch.ids) >= limits.chain_clients
  ),
  shared_phones as (
    select m.phone_key, count(*)::integer as clients,
           array_agg(m.id order by m.created_at, m.code) as ids,
           array_agg(m.name order by m.created_at, m.code) as names,
           array_agg(m.code order by m.created_at, m.code) as codes
      from members m
     where m.phone_key is not null
     group by m.phone_key
    having count(*) >= limits.shared_phone_clients
  ),
  signals as (
    select 0 as position, 'referral_chain'::text as kind, c.ids as ids, c.names as names, c.codes as codes,
           cardinality(c.ids) as evidence,
           format('%s si sono iscritti uno sotto l''altro in %s (%s) e acquista solo l''ultimo, %s (%s): '
                  || 'ogni suo acquisto accredita anche chi sta sopra.',
                  (select string_agg(c.names[i] || ' (' || c.codes[i] || ')', ' → ' order by i)
                     from generate_subscripts(c.ids, 1) as i),
                  case when c.joined_to - c.joined_from < interval '1 hour'
                         then 'meno di un''ora'
                       when c.joined_to - c.joined_from < interval '2 hours' then '1 ora'
                       else floor(extract(epoch from c.joined_to - c.joined_from) / 3600)::integer || ' ore' end,
                  app_private.italian_short_date(c.joined_from), c.buyer_name, c.buyer_code) as explanation
      from chains c
    union all
    select 1, 'referral_burst', array[s.id], array[s.name] as names,
           array[s.code] as codes, b.referrals::integer as evidence,
           format('%s (%s) ha portato %s iscritti in %s (%s, %s).', s.name, s.code, b.referrals,
                  case when b.minutes < 1 then 'meno di un minuto'
                       when b.minutes = 1 then '1 minuto'
                       else b.minutes || ' minuti' end,
                  app_private.italian_short_date(b.first_at),
                  case when b.first_time = b.last_time then b.first_time
                       else b.first_time || '–' || b.last_time end) as explanation
      from (select bb.*,
                   to_char(bb.first_at at time zone 'Europe/Rome', 'HH24:MI') as first_time,
                   to_char(bb.last_at at time zone 'Europe/Rome', 'HH24:MI') as last_time
              from bursts bb) as b
      join members s on s.id = b.sponsor_id
    union all
    select 2, 'referrals_buy_only_at_joining', array[s.id], array[s.name], array[s.code], st.buyers,
           format('I %s iscritti di %s (%s) che hanno acquistato lo hanno fatto solo nelle prime %s ore '
                  || 'dall''iscrizione, poi mai più.', st.buyers, s.name, s.code, limits.quick_hours)
      from settled st join members s on s.id = st.sponsor_id
     where st.buyers >= limits.quick_buyers and st.quick_buyers = st.buyers
    union all
    select 3, 'referrals_never_buy', array[s.id], array[s.name], array[s.code], st.never_bought,
           format('%s (%s) ha portato %s iscritti da più di %s giorni: %s.', s.name, s.code, st.referrals,
                  limits.settle_days,
                  case when st.never_bought = st.referrals then 'nessuno ha mai acquistato'
                       else st.never_bought || ' non hanno mai acquistato' end)
      from settled st join members s on s.id = st.sponsor_id
     where st.referrals >= limits.idle_referrals
       and st.never_bought >= limits.idle_share * st.referrals
    union all
    select 4, 'shared_phone', sp.ids, sp.names, sp.codes, sp.clients,
           format('%s clienti hanno lo stesso numero di telefono (%s).', sp.clients, sp.phone_key)
      from shared_phones sp
  )
  select sg.kind, sg.ids, sg.names, sg.codes, sg.evidence, sg.explanation, (count(*) over ())::integer
    from signals sg
   order by sg.position, sg.evidence desc, sg.codes[1]
   limit 200;
end
$$;
grant execute on function api.merchant_referral_signals() to authenticated;
comment on function api.merchant_referral_signals() is
  'Merchant only: referral patterns worth a look in its salon, never blocking anything: referral_chain (a chain '
  'of clients joined within hours, each brought by the one above, of whom only the last buys), referral_burst '
  '(several referrals by one sponsor within an hour), referrals_buy_only_at_joining (a sponsor''s buying referrals bought '
  'only right after joining), referrals_never_buy (most settled referrals of a sponsor never bought) and '
  'shared_phone (one phone number on several clients). Each row: the clients involved (ids, names, codes), the '
  'evidence (a count), an Italian explanation and how many signals there are in all (total_signals); at most the '
  'first 200 are returned. Thresholds: app_private.referral_signal_thresholds().';
