-- The purchase comes from the visit: api.complete_visit_with_purchase registers a visit's purchase and
-- marks it 'completata' in one transaction. register_purchase's checks and credit move into
-- app_private.register_purchase, which both api functions call; the movement names its visit
-- (app.movements.reservation_id, at most one purchase per visit).

alter table app.movements add column reservation_id uuid
  constraint movements_one_purchase_per_visit unique;
comment on column app.movements.reservation_id is
  'The visit (app.reservations) this purchase was registered from, at most one purchase each; null for a '
  'purchase typed in Registrazioni. A reversal keeps the purchase''s link and reopens nothing.';
alter table app.movements add constraint movements_reservation_id_fkey
  foreign key (reservation_id) references app.reservations (id) on delete set null;

-- A purchase of one of the merchant's clients, optionally from one of its visits: the one home of
-- spec §9's checks and credit (api.register_purchase, api.complete_visit_with_purchase).
create function app_private.register_purchase(
  merchant_id uuid,
  client_code text,
  spend numeric,
  discount numeric,
  reservation_id uuid default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := register_purchase.merchant_id;
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

  insert into app.movements (merchant_id, client_id, spend, discount, registered_by, reservation_id)
  values (caller_merchant_id, buyer_id, register_purchase.spend, register_purchase.discount, auth.uid(),
          register_purchase.reservation_id)
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
grant execute on function app_private.register_purchase(uuid, text, numeric, numeric, uuid) to authenticated;

create or replace function api.register_purchase(client_code text, spend numeric, discount numeric) returns jsonb
language plpgsql set search_path = ''
as $$
begin
  return app_private.register_purchase(app_private.require_merchant(), register_purchase.client_code,
                                       register_purchase.spend, register_purchase.discount);
end
$$;

-- The visit's purchase: registered and the visit completed in one transaction
create function api.complete_visit_with_purchase(reservation_id uuid, spend numeric, discount numeric)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  visit app.reservations :=
    app_private.merchant_reservation(complete_visit_with_purchase.reservation_id, caller_merchant_id);
  registered jsonb;
begin
  if not app_private.visit_may_close(visit.status, visit.starts_at) then
    raise sqlstate 'P0001'
      using message = 'Solo un appuntamento confermato già iniziato si segna completato o non presentato';
  end if;
  -- Locked first: a concurrent mark or purchase of the same visit waits, then finds it closed.
  perform 1 from app.reservations r where r.id = visit.id and r.status = 'confermata' for update;
  if not found then
    raise sqlstate 'P0001'
      using message = 'Solo un appuntamento confermato già iniziato si segna completato o non presentato';
  end if;
  registered := app_private.register_purchase(
    caller_merchant_id, (select c.code from app.clients c where c.id = visit.client_id),
    complete_visit_with_purchase.spend, complete_visit_with_purchase.discount, visit.id);
  update app.reservations r set status = 'completata' where r.id = visit.id;
  return registered || jsonb_build_object('message', 'Visita completata e acquisto registrato');
end
$$;
grant execute on function api.complete_visit_with_purchase(uuid, numeric, numeric) to authenticated;
comment on function api.complete_visit_with_purchase(uuid, numeric, numeric) is
  'Merchant only: for a confirmed appointment whose start has passed, registers its client''s purchase '
  '(the checks and credit of api.register_purchase, the movement linked by reservation_id) and marks the '
  'visit ''completata'', all or nothing.';

-- What the purchase form starts from when a visit is completed with its purchase.
create function api.visit_purchase_draft(reservation_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  visit app.reservations :=
    app_private.merchant_reservation(visit_purchase_draft.reservation_id, caller_merchant_id);
begin
  return (select jsonb_build_object(
                   'reservation_id', visit.id,
                   'client_code', c.code,
                   'client_name', c.name,
                   'treatment_name', visit.treatment_name,
                   'spend', t.price,
                   'available_credit', c.available_credit,
                   'actions', app_private.reservation_actions(visit.status, visit.starts_at, visit.merchant_id, true))
            from app.clients c
            left join app.treatments t on t.id = visit.treatment_id
           where c.id = visit.client_id);
end
$$;
grant execute on function api.visit_purchase_draft(uuid) to authenticated;
comment on function api.visit_purchase_draft(uuid) is
  'Merchant only: a visit''s client (code, name, available_credit), treatment_name, and spend: the '
  'treatment''s price today (null when it was deleted), for api.complete_visit_with_purchase; actions as '
  'the visit''s row.';
