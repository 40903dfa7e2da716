-- A salon can cap the credit a sponsor earns from her referrals' purchases in a calendar month
-- (Europe/Rome), off by default: a ring of addresses cannot grow a sponsor's credit without bound.
-- register_purchase cuts each sponsor's share to what is left of the cap (the rows it credits are
-- locked first, so concurrent purchases never grant more than the cap).

alter table app.merchants add column referral_credit_cap numeric(10, 2)
  constraint merchants_referral_credit_cap_range
    check (referral_credit_cap is null or (referral_credit_cap > 0 and referral_credit_cap <= 100000));
comment on column app.merchants.referral_credit_cap is
  'The most credit a sponsor earns from her referrals'' purchases in a calendar month (Europe/Rome); null: no cap.';

-- The monthly cap on a sponsor's referral credit (a salon setting, off by default)
create function app_private.referral_credit_this_month(sponsor_id uuid) returns numeric
language sql stable set search_path = ''
as $$
  select coalesce(sum(l.amount), 0)
    from app.credit_ledger l
   where l.client_id = referral_credit_this_month.sponsor_id
     and l.kind in ('generation1', 'generation2', 'generation3')
     and l.created_at >= date_trunc('month', now() at time zone 'Europe/Rome') at time zone 'Europe/Rome'
$$;
grant execute on function app_private.referral_credit_this_month(uuid) to authenticated, service_role;
comment on function app_private.referral_credit_this_month(uuid) is
  'The credit a sponsor earned from her referrals'' purchases since the 1st of this month (Europe/Rome), '
  'reversals netted out.';

create function app_private.capped_referral_share(sponsor_id uuid, share numeric, cap numeric) returns numeric
language sql stable set search_path = ''
as $$
  select case
           when capped_referral_share.cap is null or capped_referral_share.sponsor_id is null
             then capped_referral_share.share
           else least(capped_referral_share.share,
                      greatest(capped_referral_share.cap
                               - app_private.referral_credit_this_month(capped_referral_share.sponsor_id), 0))
         end
$$;
grant execute on function app_private.capped_referral_share(uuid, numeric, numeric) to authenticated, service_role;
comment on function app_private.capped_referral_share(uuid, numeric, numeric) is
  'A sponsor''s share of a purchase, cut to what is left of the salon''s monthly cap (all of it without a cap).';

-- register_purchase: a negative balance refuses discounts, not purchases
create or replace function api.register_purchase(client_code text, spend numeric, discount numeric) returns jsonb
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
  buyer_erased boolean;
  referral_cap numeric := (select m.referral_credit_cap from app.merchants m where m.id = caller_merchant_id);
  net_amount numeric;
  new_movement_id uuid;
begin
  if register_purchase.spend is null or register_purchase.discount is null then
    raise sqlstate 'P0001' using message = 'Inserisci l''importo di spesa e lo sconto da utilizzare';
  end if;
  perform app_private.require_finite(register_purchase.spend, 'L''importo di spesa non è un numero valido');
  perform app_private.require_finite(register_purchase.discount, 'Lo sconto da utilizzare non è un numero valido');
  if register_purchase.spend < 0 or register_purchase.discount < 0 then
    raise sqlstate 'P0001' using message = 'Gli importi non possono essere negativi';
  end if;
  if register_purchase.spend > 100000 then
    raise sqlstate '22023' using message = 'L''importo di spesa non può superare € 100.000,00';
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

  select c.available_credit, c.erased_at is not null into buyer_credit, buyer_erased
    from app.clients c where c.id = buyer_id;
  if buyer_erased then
    raise sqlstate 'P0001' using message = 'Cliente rimosso: non può più fare acquisti né usare credito';
  end if;
  -- A negative balance (after a reversal) refuses any discount, never the purchase itself.
  if register_purchase.discount > 0 and register_purchase.discount > buyer_credit then
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
      (3, sponsor1_id, 'generation1', app_private.capped_referral_share(
            sponsor1_id, round(net_amount * coalesce(rates.sponsor1, 0) / 100, 2), referral_cap)),
      (4, sponsor2_id, 'generation2', app_private.capped_referral_share(
            sponsor2_id, round(net_amount * coalesce(rates.sponsor2, 0) / 100, 2), referral_cap)),
      (5, sponsor3_id, 'generation3', app_private.capped_referral_share(
            sponsor3_id, round(net_amount * coalesce(rates.sponsor3, 0) / 100, 2), referral_cap))
    ) as entry (position, client_id, kind, amount)
   where entry.client_id is not null and entry.amount <> 0
     -- An erased sponsor's share is granted to nobody; the generations above her keep theirs.
     and not exists (select 1 from app.clients e where e.id = entry.client_id and e.erased_at is not null)
   order by entry.position;

  return jsonb_build_object(
    'movement_id', new_movement_id,
    'net', net_amount,
    'available_credit', (select c.available_credit from app.clients c where c.id = buyer_id),
    'message', 'Registrazione avvenuta con successo!'
  );
end
$$;
grant execute on function api.register_purchase(text, numeric, numeric) to authenticated;
comment on function api.register_purchase(text, numeric, numeric) is
  'Merchant only: registers a purchase of one of its clients (spend up to 100000.00 euro, finite amounts) and '
  'distributes credit to the buyer and the first three sponsors (spec §9; each entry rounded to cents, half '
  'away from zero). An erased client''s code is refused; an erased sponsor''s share is granted to nobody (not '
  'passed up or down), and the other sponsors get exactly their own generation''s share. With the salon''s '
  'monthly referral cap, a sponsor''s share is cut to what is left of it this month.';

create function api.referral_credit_cap() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select jsonb_build_object('cap', m.referral_credit_cap) from app.merchants m where m.id = caller_merchant_id);
end
$$;
grant execute on function api.referral_credit_cap() to authenticated;
comment on function api.referral_credit_cap() is
  'Merchant only: the most credit a sponsor earns from referrals in a month ({cap}, null: no cap).';

create function api.set_referral_credit_cap(cap numeric) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_referral_credit_cap.cap is not null then
    perform app_private.require_finite(set_referral_credit_cap.cap, 'Il tetto mensile non è un numero valido');
    if set_referral_credit_cap.cap <> round(set_referral_credit_cap.cap, 2) then
      raise sqlstate '22023' using message = 'Il tetto mensile può avere al massimo due decimali';
    end if;
    if set_referral_credit_cap.cap <= 0 or set_referral_credit_cap.cap > 100000 then
      raise sqlstate '22023'
        using message = 'Il tetto mensile deve essere maggiore di zero e al massimo € 100.000,00';
    end if;
  end if;
  update app.merchants m set referral_credit_cap = set_referral_credit_cap.cap where m.id = caller_merchant_id;
  return jsonb_build_object('cap', set_referral_credit_cap.cap, 'message', 'Modifica avvenuta con successo!');
end
$$;
grant execute on function api.set_referral_credit_cap(numeric) to authenticated;
comment on function api.set_referral_credit_cap(numeric) is
  'Merchant only: caps the credit a sponsor earns from her referrals'' purchases in a calendar month '
  '(0.01..100000, two decimals); null removes the cap.';
