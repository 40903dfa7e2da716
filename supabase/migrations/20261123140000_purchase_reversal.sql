-- Reversing a purchase (storno): a merchant takes back, in one transaction, exactly what one of its
-- purchases gave, within a window of days it chooses (default 30), with a reason.
--
-- What a reversal writes:
-- * a reversing movement (reversal_of = the purchase, reversal_reason) with spend and discount negated,
--   so every sum over app.movements (statistics, summaries) nets the purchase out;
-- * for every ledger entry of the purchase, one entry of the same kind and client with the amount
--   negated (reverses_entry = that entry): the buyer loses its generation0 credit and gets its
--   discount back, each sponsor loses exactly its generation1..3 credit.
-- Credit already spent: the balance may go negative. A negative balance is shown to the client as it
-- is, and register_purchase refuses any discount until the balance is positive again (a purchase with
-- no discount is still registered, and its credit brings the balance back up).
-- Once only: a unique constraint on reversal_of; concurrent reversals also serialise on the rows of
-- the clients they touch (locked in id order, as register_purchase does).

-- ============================================================================
-- Schema
-- ============================================================================
alter table app.merchants
  add column reversal_window_days integer not null default 30
    constraint merchants_reversal_window_1_to_365 check (reversal_window_days between 1 and 365);
comment on column app.merchants.reversal_window_days is
  'How many days after a purchase the merchant may still reverse it (1..365, default 30).';

alter table app.movements
  add column reversal_of uuid,
  add column reversal_reason text,
  add constraint movements_reversed_once unique (reversal_of),
  add constraint movements_reversal_of_same_merchant
    foreign key (merchant_id, reversal_of) references app.movements (merchant_id, id) on delete cascade,
  add constraint movements_reversal_has_reason check (
    (reversal_of is null) = (reversal_reason is null)
    and (reversal_reason is null or (btrim(reversal_reason) <> '' and char_length(reversal_reason) <= 500))
  ),
  drop constraint movements_spend_check,
  drop constraint movements_check,
  add constraint movements_amounts_by_kind check (
    case when reversal_of is null
      then spend > 0 and discount >= 0 and discount <= spend
      else spend < 0 and discount <= 0 and discount >= spend
    end
  );
comment on column app.movements.reversal_of is
  'Set on a reversing movement (storno): the purchase it reverses; its spend and discount are that purchase''s, negated.';
comment on column app.movements.reversal_reason is 'Why the purchase was reversed (required on a reversal, at most 500 characters).';

alter table app.credit_ledger
  add column reverses_entry uuid
    constraint credit_ledger_reversed_once unique
    references app.credit_ledger (id) on delete cascade,
  drop constraint credit_ledger_check,
  add constraint credit_ledger_sign_by_kind check (
    case when reverses_entry is null
      then (kind = 'redemption') = (amount < 0)
      else (kind = 'redemption') = (amount > 0)
    end
  );
comment on column app.credit_ledger.reverses_entry is
  'Set on an entry written by a reversal: the entry it takes back (same client and kind, amount negated).';

-- A reversal may take back credit already spent: the balance may go below zero.
alter table app.clients drop constraint clients_available_credit_check;

-- ============================================================================
-- register_purchase: a negative balance refuses discounts, not purchases
-- ============================================================================
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

  select c.available_credit into buyer_credit from app.clients c where c.id = buyer_id;
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
      (3, sponsor1_id, 'generation1', round(net_amount * coalesce(rates.sponsor1, 0) / 100, 2)),
      (4, sponsor2_id, 'generation2', round(net_amount * coalesce(rates.sponsor2, 0) / 100, 2)),
      (5, sponsor3_id, 'generation3', round(net_amount * coalesce(rates.sponsor3, 0) / 100, 2))
    ) as entry (position, client_id, kind, amount)
   where entry.client_id is not null and entry.amount <> 0
   order by entry.position;

  return jsonb_build_object(
    'movement_id', new_movement_id,
    'net', net_amount,
    'available_credit', (select c.available_credit from app.clients c where c.id = buyer_id),
    'message', 'Registrazione avvenuta con successo!'
  );
end
$$;
comment on function api.register_purchase(text, numeric, numeric) is
  'Merchant only: registers a purchase of one of its clients (spend up to 100000.00 euro, finite amounts) and '
  'distributes credit to the buyer and the first three sponsors (spec §9; each entry rounded to cents, half '
  'away from zero).';

-- ============================================================================
-- The reversal window (definer: API roles have no update right on app.merchants)
-- ============================================================================
create function app_private.set_reversal_window(merchant_id uuid, days integer) returns void
language sql security definer set search_path = ''
as $$
  update app.merchants m set reversal_window_days = set_reversal_window.days
   where m.id = set_reversal_window.merchant_id;
$$;
grant execute on function app_private.set_reversal_window(uuid, integer) to authenticated;

create function api.get_reversal_window() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select jsonb_build_object('days', m.reversal_window_days) from app.merchants m where m.id = caller_merchant_id);
end
$$;
comment on function api.get_reversal_window() is
  'Merchant only: how many days after a purchase it may still be reversed ({days}).';
grant execute on function api.get_reversal_window() to authenticated;

create function api.set_reversal_window(days integer) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_reversal_window.days is null then
    raise sqlstate 'P0001' using message = 'Indica per quanti giorni un acquisto può essere stornato';
  end if;
  if set_reversal_window.days not between 1 and 365 then
    raise sqlstate '22023' using message = 'I giorni per lo storno devono essere compresi tra 1 e 365';
  end if;
  perform app_private.set_reversal_window(caller_merchant_id, set_reversal_window.days);
  return jsonb_build_object('days', set_reversal_window.days, 'message', 'Modifica avvenuta con successo!');
end
$$;
comment on function api.set_reversal_window(integer) is
  'Merchant only: sets how many days after a purchase it may still be reversed (1..365).';
grant execute on function api.set_reversal_window(integer) to authenticated;

-- ============================================================================
-- api.reverse_purchase
-- ============================================================================
create function api.reverse_purchase(movement_id uuid, reason text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  clean_reason text := nullif(btrim(coalesce(reverse_purchase.reason, '')), '');
  original app.movements;
  window_days integer;
  reversal_id uuid;
begin
  if clean_reason is null then
    raise sqlstate 'P0001' using message = 'Il motivo dello storno è obbligatorio';
  end if;
  perform app_private.require_max_length(clean_reason, 500, 'Il motivo dello storno');
  if reverse_purchase.movement_id is null then
    raise sqlstate 'P0001' using message = 'Acquisto non trovato';
  end if;

  select * into original from app.movements mv
   where mv.id = reverse_purchase.movement_id and mv.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Acquisto non trovato';
  end if;
  if original.reversal_of is not null then
    raise sqlstate 'P0001' using message = 'Uno storno non può essere stornato';
  end if;

  -- Serialise with every purchase and reversal touching these clients (id order: no deadlocks).
  perform 1
     from app.clients c
    where c.id = original.client_id
       or c.id in (select l.client_id from app.credit_ledger l where l.movement_id = original.id)
    order by c.id
      for update;

  if exists (select 1 from app.movements mv where mv.reversal_of = original.id) then
    raise sqlstate 'P0001' using message = 'Questo acquisto è già stato stornato';
  end if;
  select m.reversal_window_days into window_days from app.merchants m where m.id = caller_merchant_id;
  if original.created_at < now() - make_interval(days => window_days) then
    raise sqlstate 'P0001'
      using message = format('Lo storno è possibile entro %s giorni dall''acquisto', window_days);
  end if;

  begin
    insert into app.movements (merchant_id, client_id, spend, discount, registered_by, reversal_of, reversal_reason)
    values (caller_merchant_id, original.client_id, -original.spend, -original.discount, auth.uid(),
            original.id, clean_reason)
    returning id into reversal_id;
  exception
    when unique_violation then
      raise sqlstate 'P0001' using message = 'Questo acquisto è già stato stornato';
  end;

  insert into app.credit_ledger (merchant_id, client_id, movement_id, kind, amount, reverses_entry)
  select caller_merchant_id, l.client_id, reversal_id, l.kind, -l.amount, l.id
    from app.credit_ledger l
   where l.movement_id = original.id
   order by l.created_at, l.id;

  return jsonb_build_object(
    'reversal_id', reversal_id,
    'available_credit', (select c.available_credit from app.clients c where c.id = original.client_id),
    'message', 'Storno registrato con successo!'
  );
end
$$;
comment on function api.reverse_purchase(uuid, text) is
  'Merchant only: reverses one of its purchases within its reversal window, with a reason (required, at most '
  '500 characters): a reversing movement with negated amounts and ledger entries that take back each credit of '
  'the purchase and return the discount. At most once per purchase; balances may go negative.';
grant execute on function api.reverse_purchase(uuid, text) to authenticated;

-- ============================================================================
-- api.movement_reversals: the reversal state of the rows on a Movimenti page
-- ============================================================================
create function api.movement_reversals(movement_ids uuid[])
returns table (movement_id uuid, reversed_by uuid, reversal_of uuid, reason text, reversed_at timestamptz)
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if cardinality(movement_reversals.movement_ids) > 1000 then
    raise sqlstate '22023' using message = 'Troppi movimenti richiesti';
  end if;
  return query
    select r.reversal_of, r.id, null::uuid, r.reversal_reason, r.created_at
      from app.movements r
     where r.merchant_id = caller_merchant_id
       and r.reversal_of = any (movement_reversals.movement_ids)
    union all
    select r.id, null::uuid, r.reversal_of, r.reversal_reason, r.created_at
      from app.movements r
     where r.merchant_id = caller_merchant_id
       and r.reversal_of is not null
       and r.id = any (movement_reversals.movement_ids);
end
$$;
comment on function api.movement_reversals(uuid[]) is
  'Merchant only: for the given movements, which are reversed (reversed_by, reason, reversed_at) and which are '
  'reversals themselves (reversal_of, reason).';
grant execute on function api.movement_reversals(uuid[]) to authenticated;

-- ============================================================================
-- api.client_credit: reversal entries read "Storno acquisto del dd-mm-yyyy"
-- ============================================================================
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
               'movement_id', l.movement_id, 'created_at', l.created_at
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
  'ledger entries behind it, newest first; reversal entries have reason ''reversal'' and an Italian reversal_label.';
