-- Purchases (movements) and the append-only credit ledger: registering and reversing a purchase,
-- the balance the ledger moves, and the lists of movements and credit.

-- Movements (purchases) and the credit ledger
create table app.movements (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null,
  client_id uuid not null,
  spend numeric(14, 2) not null,
  discount numeric(14, 2) not null,
  net numeric(14, 2) generated always as (spend - discount) stored,
  registered_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (merchant_id, id),
  foreign key (merchant_id, client_id) references app.clients (merchant_id, id) on delete cascade,
  constraint movements_amounts_are_finite check (spend <> 'NaN' and discount <> 'NaN'),
  constraint movements_spend_at_most_100000 check (spend <= 100000),
  reversal_of uuid,
  reversal_reason text,
  constraint movements_reversed_once unique (reversal_of),
  constraint movements_reversal_of_same_merchant
    foreign key (merchant_id, reversal_of) references app.movements (merchant_id, id) on delete cascade,
  constraint movements_reversal_has_reason check (
    (reversal_of is null) = (reversal_reason is null)
    and (reversal_reason is null or (btrim(reversal_reason) <> '' and char_length(reversal_reason) <= 500))
  ),
  constraint movements_amounts_by_kind check (
    case when reversal_of is null
      then spend > 0 and discount >= 0 and discount <= spend
      else spend < 0 and discount <= 0 and discount >= spend
    end
  ),
  -- The visit the purchase was registered from (api.complete_visit_with_purchase): at most one purchase each
  reservation_id uuid
    constraint movements_one_purchase_per_visit unique,
  -- The fiscal document's number: the receipt (documento commerciale) of a purchase, the void or refund
  -- document of a storno
  receipt_number text
    constraint movements_receipt_number_length
      check (receipt_number is null or (btrim(receipt_number) <> '' and char_length(receipt_number) <= 50))
);
create index movements_merchant_created_at_idx on app.movements (merchant_id, created_at desc);
create index movements_client_created_at_idx on app.movements (client_id, created_at desc);
create index movements_merchant_receipt_number_idx
  on app.movements (merchant_id, lower(receipt_number) text_pattern_ops) where receipt_number is not null;
alter table app.movements enable row level security;
grant select on app.movements to authenticated;
grant insert on app.movements to authenticated;
grant all on app.movements to service_role;
comment on table app.movements is
  'Purchases registered by a merchant: gross spend, discount used, net = spend - discount.';
comment on column app.movements.reservation_id is
  'The visit (app.reservations) this purchase was registered from, at most one purchase each; null for a '
  'purchase typed in Registrazioni. A reversal keeps the purchase''s link and reopens nothing.';
comment on column app.movements.receipt_number is
  'The number of the fiscal document: the receipt (documento commerciale) of a purchase, the void or refund '
  'document of a storno; optional unless the salon requires it (merchants.receipt_number_required).';
comment on column app.movements.reversal_of is
  'Set on a reversing movement (storno): the purchase it reverses; its spend and discount are that purchase''s, negated.';
comment on column app.movements.reversal_reason is 'Why the purchase was reversed (required on a reversal, at most 500 characters).';

create table app.credit_ledger (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null,
  client_id uuid not null,
  movement_id uuid,
  kind text not null check (
    kind in ('generation0', 'generation1', 'generation2', 'generation3', 'redemption', 'erasure', 'adjustment')
  ),
  amount numeric(14, 2) not null check (amount = round(amount, 2)),
  created_at timestamptz not null default now(),
  foreign key (merchant_id, client_id) references app.clients (merchant_id, id) on delete cascade,
  foreign key (merchant_id, movement_id) references app.movements (merchant_id, id) on delete cascade,
  constraint credit_ledger_amount_is_finite check (amount <> 'NaN'),
  reverses_entry uuid
    constraint credit_ledger_reversed_once unique
    references app.credit_ledger (id) on delete cascade,
  constraint credit_ledger_sign_by_kind check (
    case
      when kind in ('erasure', 'adjustment') then reverses_entry is null and amount <> 0
      when reverses_entry is null then (kind = 'redemption') = (amount < 0)
      else (kind = 'redemption') = (amount > 0)
    end
  ),
  -- The reason the salon gave for credit it added or removed by hand
  note text
    constraint credit_ledger_note_for_adjustments check (
      (kind = 'adjustment') = (note is not null)
      and (note is null or (btrim(note) <> '' and char_length(note) <= 500))
    )
);
create index credit_ledger_client_created_at_idx on app.credit_ledger (client_id, created_at desc);
create index credit_ledger_merchant_id_idx on app.credit_ledger (merchant_id);
create index credit_ledger_movement_id_idx on app.credit_ledger (movement_id);
alter table app.credit_ledger enable row level security;
grant select on app.credit_ledger to authenticated;
grant insert on app.credit_ledger to authenticated;
grant all on app.credit_ledger to service_role;
comment on column app.credit_ledger.note is
  'The reason of an ''adjustment'' (credit the salon added or removed by hand), shown to the customer; null otherwise.';
comment on table app.credit_ledger is
  'Append-only credit ledger, one row per credit or debit: generation0 = own purchase, generation1..3 = '
  'purchase of a referral at that depth, redemption = discount used (negative), erasure = the balance '
  'closed when the client was erased (minus the balance, never reversed).';
comment on column app.credit_ledger.reverses_entry is
  'Set on an entry written by a reversal: the entry it takes back (same client and kind, amount negated).';

-- The ledger moves the balance (definer: API roles have no update right on available_credit)
create function app_private.apply_credit_entry() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update app.clients
     set available_credit = available_credit + new.amount
   where id = new.client_id;
  return new;
end
$$;

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
-- The fiscal document's number a purchase or storno carries: trimmed, at most 50 characters, and required
-- when the salon says so.
create function app_private.receipt_number(merchant_id uuid, receipt_number text) returns text
language plpgsql stable set search_path = ''
as $$
declare
  clean text := nullif(btrim(coalesce(receipt_number.receipt_number, '')), '');
begin
  if clean is null and (select m.receipt_number_required from app.merchants m where m.id = receipt_number.merchant_id) then
    raise sqlstate 'P0001' using message = 'Inserisci il numero del documento commerciale';
  end if;
  if char_length(clean) > 50 then
    raise sqlstate '22001' using message = 'Il numero del documento può contenere al massimo 50 caratteri';
  end if;
  return clean;
end
$$;
grant execute on function app_private.receipt_number(uuid, text) to authenticated;

-- A purchase of one of the merchant's clients, optionally from one of its visits: the one home of
-- spec §9's checks and credit (api.register_purchase, api.complete_visit_with_purchase).
create function app_private.register_purchase(
  merchant_id uuid,
  client_code text,
  spend numeric,
  discount numeric,
  reservation_id uuid default null,
  receipt_number text default null
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
  receipt text;
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
  receipt := app_private.receipt_number(caller_merchant_id, register_purchase.receipt_number);

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

  insert into app.movements (merchant_id, client_id, spend, discount, registered_by, reservation_id,
                             receipt_number)
  values (caller_merchant_id, buyer_id, register_purchase.spend, register_purchase.discount, auth.uid(),
          register_purchase.reservation_id, receipt)
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
grant execute on function app_private.register_purchase(uuid, text, numeric, numeric, uuid, text) to authenticated;

create or replace function api.register_purchase(
  client_code text,
  spend numeric,
  discount numeric,
  receipt_number text default null
) returns jsonb
language plpgsql set search_path = ''
as $$
begin
  return app_private.register_purchase(app_private.require_merchant(), register_purchase.client_code,
                                       register_purchase.spend, register_purchase.discount, null,
                                       register_purchase.receipt_number);
end
$$;
grant execute on function api.register_purchase(text, numeric, numeric, text) to authenticated;
comment on function api.register_purchase(text, numeric, numeric, text) is
  'Merchant only: registers a purchase of one of its clients (spend up to 100000.00 euro, finite amounts) and '
  'distributes credit to the buyer and the first three sponsors (spec §9; each entry rounded to cents, half '
  'away from zero). An erased client''s code is refused; an erased sponsor''s share is granted to nobody (not '
  'passed up or down), and the other sponsors get exactly their own generation''s share. With the salon''s '
  'monthly referral cap, a sponsor''s share is cut to what is left of it this month. receipt_number: the '
  'fiscal receipt''s number (documento commerciale), optional unless the salon requires it.';

-- api.merchant_movements: the page and its total read through the movements' indexes: the client code
-- becomes the client's id first, and only the page's rows are joined to their clients and reversals, so
-- Movimenti needs one request. The receipt number matches a movement's own document or, for a purchase,
-- its storno's, from its first characters (case ignored).
create or replace function api.merchant_movements(
  date_from date default null,
  date_to date default null,
  client_code text default null,
  page integer default 1,
  page_size integer default 10,
  receipt_number text default null
) returns jsonb
language plpgsql stable set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  from_instant timestamptz;
  to_instant timestamptz;
  wanted_code text := upper(nullif(btrim(coalesce(merchant_movements.client_code, '')), ''));
  wanted_client_id uuid;
  wanted_receipt text := lower(nullif(btrim(coalesce(merchant_movements.receipt_number, '')), ''));
  receipt_pattern text;
  result jsonb;
begin
  perform app_private.check_page(merchant_movements.page, merchant_movements.page_size);
  if merchant_movements.date_from not between date '2000-01-01' and date '2999-12-31'
     or merchant_movements.date_to not between date '2000-01-01' and date '2999-12-31' then
    raise sqlstate '22023' using message = 'Data non valida';
  end if;
  if char_length(wanted_receipt) > 50 then
    raise sqlstate '22001' using message = 'Il numero del documento può contenere al massimo 50 caratteri';
  end if;
  receipt_pattern := replace(replace(replace(wanted_receipt, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  from_instant := merchant_movements.date_from::timestamp at time zone 'Europe/Rome';
  to_instant := (merchant_movements.date_to + 1)::timestamp at time zone 'Europe/Rome';
  if wanted_code is not null then
    select c.id into wanted_client_id
      from app.clients c
     where c.merchant_id = caller_merchant_id and c.code = wanted_code;
    if wanted_client_id is null then
      return jsonb_build_object('total', 0, 'movements', '[]'::jsonb);
    end if;
  end if;

  with by_receipt as (
    -- A document's own movement and, for a storno's, the purchase it reverses
    select found.id
      from app.movements d
     cross join lateral (values (d.id), (d.reversal_of)) found (id)
     where wanted_receipt is not null
       and d.merchant_id = caller_merchant_id
       and lower(d.receipt_number) like receipt_pattern
       and found.id is not null
  ),
  matching as (
    select mv.id, mv.client_id, mv.spend, mv.discount, mv.net, mv.created_at, mv.receipt_number,
           mv.reversal_of, mv.reversal_reason
      from app.movements mv
     where mv.merchant_id = caller_merchant_id
       and (from_instant is null or mv.created_at >= from_instant)
       and (to_instant is null or mv.created_at < to_instant)
       and (wanted_client_id is null or mv.client_id = wanted_client_id)
       and (wanted_receipt is null or mv.id in (select b.id from by_receipt b))
  ),
  page_rows as (
    select mm.*, c.code as client_code, c.name as client_name,
           r.id as reversed_by, r.reversal_reason as reversed_reason, r.created_at as reversed_at
      from (
        select * from matching
         order by created_at desc, id desc
         limit merchant_movements.page_size offset (merchant_movements.page - 1) * merchant_movements.page_size
      ) mm
      join app.clients c on c.id = mm.client_id
      left join app.movements r on r.reversal_of = mm.id
  )
  select jsonb_build_object(
    'total', case when wanted_receipt is null
               then app_private.caller_movement_count(from_instant, to_instant, wanted_client_id)
               else (select count(*) from matching) end,
    'movements', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'client_code', p.client_code, 'client_name', p.client_name,
               'spend', p.spend, 'discount', p.discount, 'net', p.net, 'created_at', p.created_at,
               'receipt_number', p.receipt_number,
               'date', to_char(p.created_at at time zone 'Europe/Rome', 'YYYY-MM-DD'),
               'time', to_char(p.created_at at time zone 'Europe/Rome', 'HH24:MI:SS'),
               'reversal', case
                 when p.reversed_by is not null then jsonb_build_object(
                   'reversed_by', p.reversed_by, 'reversal_of', null,
                   'reason', p.reversed_reason, 'reversed_at', p.reversed_at)
                 when p.reversal_of is not null then jsonb_build_object(
                   'reversed_by', null, 'reversal_of', p.reversal_of,
                   'reason', p.reversal_reason, 'reversed_at', p.created_at)
               end
             ) order by p.created_at desc, p.id desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
grant execute on function api.merchant_movements(date, date, text, integer, integer, text) to authenticated;
comment on function api.merchant_movements(date, date, text, integer, integer, text) is
  'Merchant only: its movements, newest first, filtered by Europe/Rome dates (inclusive, 2000-01-01 to '
  '2999-12-31), client code and receipt_number (the first characters, at most 50, case ignored, of a '
  'movement''s fiscal document or of its storno''s), paged (pages 1 to 1000000 of at most 1000). Each row '
  'carries its reversal: {reversed_by, reason, reversed_at} on a reversed purchase, {reversal_of, reason, '
  'reversed_at} on a storno, null otherwise.';

-- api.client_purchases
create function api.client_purchases(merchant_slug text)
returns table (id uuid, date text, spend numeric, discount numeric, net numeric, created_at timestamptz)
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_purchases.merchant_slug);
begin
  return query
    select mv.id, to_char(mv.created_at at time zone 'Europe/Rome', 'YYYY-MM-DD'),
           mv.spend::numeric, mv.discount::numeric, mv.net::numeric, mv.created_at
      from app.movements mv
     where mv.client_id = caller_client_id
     order by mv.created_at desc, mv.id desc;
end
$$;
grant execute on function api.client_purchases(text) to authenticated;
comment on function api.client_purchases(text) is
  'Client only: the caller''s purchases at one merchant, newest first (date in Europe/Rome).';

-- api.client_credit: reversal entries read "Storno acquisto del dd-mm-yyyy"
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
grant execute on function api.client_credit(text) to authenticated;
comment on function api.client_credit(text) is
  'Client only: available credit at one merchant (negative after a reversal of credit already spent) and the '
  'ledger entries behind it, newest first; reversal entries have reason ''reversal'' and an Italian reversal_label, '
  'credit the salon added or removed by hand reason ''adjustment'' and its note.';

-- The reversal window (definer: API roles have no update right on app.merchants)
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
grant execute on function api.get_reversal_window() to authenticated;
comment on function api.get_reversal_window() is
  'Merchant only: how many days after a purchase it may still be reversed ({days}).';

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
grant execute on function api.set_reversal_window(integer) to authenticated;
comment on function api.set_reversal_window(integer) is
  'Merchant only: sets how many days after a purchase it may still be reversed (1..365).';

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

-- api.reverse_purchase
create function api.reverse_purchase(movement_id uuid, reason text, receipt_number text default null)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  clean_reason text := nullif(btrim(coalesce(reverse_purchase.reason, '')), '');
  original app.movements;
  window_days integer;
  reversal_id uuid;
  receipt text;
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
  receipt := app_private.receipt_number(caller_merchant_id, reverse_purchase.receipt_number);

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
    insert into app.movements (merchant_id, client_id, spend, discount, registered_by, reversal_of, reversal_reason,
                               receipt_number)
    values (caller_merchant_id, original.client_id, -original.spend, -original.discount, auth.uid(),
            original.id, clean_reason, receipt)
    returning id into reversal_id;
  exception
    when unique_violation then
      raise sqlstate 'P0001' using message = 'Questo acquisto è già stato stornato';
  end;

  insert into app.credit_ledger (merchant_id, client_id, movement_id, kind, amount, reverses_entry)
  select caller_merchant_id, l.client_id, reversal_id, l.kind, -l.amount, l.id
    from app.credit_ledger l
   where l.movement_id = original.id
     -- An erased client's balance was closed at erasure: nothing is taken back from it or returned to it.
     and not exists (select 1 from app.clients e where e.id = l.client_id and e.erased_at is not null)
   order by l.created_at, l.id;

  return jsonb_build_object(
    'reversal_id', reversal_id,
    'available_credit', (select c.available_credit from app.clients c where c.id = original.client_id),
    'message', 'Storno registrato con successo!'
  );
end
$$;
grant execute on function api.reverse_purchase(uuid, text, text) to authenticated;
comment on function api.reverse_purchase(uuid, text, text) is
  'Merchant only: reverses one of its purchases within its reversal window, with a reason (required, at most '
  '500 characters): a reversing movement with negated amounts and ledger entries that take back each credit of '
  'the purchase and return the discount. At most once per purchase; balances may go negative. Entries of an '
  'erased client are left as they are (her balance was closed at erasure and stays 0). receipt_number: the '
  'number of the void or refund document, optional unless the salon requires it.';

-- The total of a movements page: the caller's own movements counted through an index only. It runs
-- as its owner because the movements' policies name client_id, a column no index of (merchant_id, …)
-- holds, which turns an index-only count into a read of every row; the merchant is the caller's own,
-- asked here, never a parameter.
create function app_private.caller_movement_count(
  from_instant timestamptz,
  to_instant timestamptz,
  client_id uuid
) returns bigint
language plpgsql stable security definer set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if caller_movement_count.client_id is not null then
    return (select count(*)
              from app.movements mv
             where mv.client_id = caller_movement_count.client_id
               and mv.merchant_id = caller_merchant_id
               and mv.created_at >= coalesce(caller_movement_count.from_instant, '-infinity')
               and mv.created_at < coalesce(caller_movement_count.to_instant, 'infinity'));
  end if;
  return (select count(*)
            from app.movements mv
           where mv.merchant_id = caller_merchant_id
             and mv.created_at >= coalesce(caller_movement_count.from_instant, '-infinity')
             and mv.created_at < coalesce(caller_movement_count.to_instant, 'infinity'));
end
$$;
revoke execute on function app_private.caller_movement_count(timestamptz, timestamptz, uuid) from public;
grant execute on function app_private.caller_movement_count(timestamptz, timestamptz, uuid) to authenticated;

create trigger credit_ledger_moves_balance
  after insert on app.credit_ledger
  for each row execute function app_private.apply_credit_entry();

-- Policies: movements
create policy "Clients see their own movements" on app.movements
  for select to authenticated
  using (client_id = any ((select app_private.my_client_ids())::uuid[]));

create policy "Merchants see their own movements" on app.movements
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Platform admins see every movement" on app.movements
  for select to authenticated
  using ((select app_private.is_platform_admin()));

create policy "Merchants register movements of their own clients" on app.movements
  for insert to authenticated
  with check (
    merchant_id = (select app_private.current_merchant_id())
    and registered_by = (select auth.uid())
  );

-- Policies: credit ledger
create policy "Clients see their own credit entries" on app.credit_ledger
  for select to authenticated
  using (client_id = any ((select app_private.my_client_ids())::uuid[]));

create policy "Merchants see their own credit entries" on app.credit_ledger
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Platform admins see every credit entry" on app.credit_ledger
  for select to authenticated
  using ((select app_private.is_platform_admin()));

create policy "Merchants add credit entries for their own clients" on app.credit_ledger
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

-- Names, notes and reasons that cannot deceive (app_private.refuse_deceptive_text)
create trigger movements_plain_text before insert or update of reversal_reason on app.movements
  for each row execute function app_private.refuse_deceptive_text('reversal_reason', 'Il motivo dello storno');

-- Receipts: whether the salon requires the fiscal document's number, and the accountant's daily summary
create function api.receipt_settings() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select jsonb_build_object('receipt_number_required', m.receipt_number_required)
            from app.merchants m where m.id = caller_merchant_id);
end
$$;
grant execute on function api.receipt_settings() to authenticated;
comment on function api.receipt_settings() is
  'Merchant only: {receipt_number_required}: whether every purchase and storno needs its fiscal document''s number.';

-- Definer: merchants do not update their own merchant row otherwise; this changes one column only.
create function api.set_receipt_number_required(required boolean) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_receipt_number_required.required is null then
    raise sqlstate '22023' using message = 'Indica se il numero del documento è obbligatorio';
  end if;
  update app.merchants m set receipt_number_required = set_receipt_number_required.required
   where m.id = caller_merchant_id;
  return jsonb_build_object('message', 'Impostazione dello scontrino aggiornata');
end
$$;
grant execute on function api.set_receipt_number_required(boolean) to authenticated;
comment on function api.set_receipt_number_required(boolean) is
  'Merchant only: makes the fiscal document''s number required (or optional) on purchases and storni.';

create function api.merchant_daily_summary(date_from date, date_to date) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if merchant_daily_summary.date_from is null or merchant_daily_summary.date_to is null
     or merchant_daily_summary.date_to < merchant_daily_summary.date_from
     or merchant_daily_summary.date_to - merchant_daily_summary.date_from > 366 then
    raise sqlstate '22023' using message = 'Scegli un periodo di al massimo un anno';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'date', d.day, 'purchases', d.purchases, 'reversals', d.reversals, 'gross', d.gross,
             'discounts', d.discounts, 'net', d.net, 'receipts', d.receipts) order by d.day)
      from (
        select to_char(mv.created_at at time zone 'Europe/Rome', 'YYYY-MM-DD') as day,
               count(*) filter (where mv.reversal_of is null) as purchases,
               count(*) filter (where mv.reversal_of is not null) as reversals,
               sum(mv.spend) as gross, sum(mv.discount) as discounts, sum(mv.net) as net,
               coalesce(string_agg(mv.receipt_number, ' ' order by mv.created_at, mv.id), '') as receipts
          from app.movements mv
         where mv.merchant_id = caller_merchant_id
           and mv.created_at >= merchant_daily_summary.date_from::timestamp at time zone 'Europe/Rome'
           and mv.created_at < (merchant_daily_summary.date_to + 1)::timestamp at time zone 'Europe/Rome'
         group by 1
      ) d
  ), '[]'::jsonb);
end
$$;
grant execute on function api.merchant_daily_summary(date, date) to authenticated;
comment on function api.merchant_daily_summary(date, date) is
  'Merchant only: per day (Europe/Rome) between date_from and date_to (at most a year), its purchases and '
  'storni counted, gross (spend), discounts and net summed with storni netting out, and the fiscal documents'' '
  'numbers (receipts, space-separated); days without movements are left out.';

-- Credit the salon gives or corrects by hand, with its reason
create function api.adjust_credit(client_code text, amount numeric, reason text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  clean_reason text := app_private.required_reason(
    adjust_credit.reason, 'Inserisci il motivo della modifica del credito');
  target app.clients;
begin
  if adjust_credit.amount is null then
    raise sqlstate '22023' using message = 'Inserisci l''importo da aggiungere o togliere';
  end if;
  perform app_private.require_finite(adjust_credit.amount, 'L''importo non è un numero valido');
  if adjust_credit.amount = 0 or abs(adjust_credit.amount) > 10000
     or adjust_credit.amount <> round(adjust_credit.amount, 2) then
    raise sqlstate '22023'
      using message = 'L''importo deve essere diverso da zero, al massimo € 10.000,00, con due decimali';
  end if;
  select c.* into target from app.clients c
   where c.merchant_id = caller_merchant_id
     and c.code = upper(btrim(coalesce(adjust_credit.client_code, '')))
     for update;
  if target.id is null then
    raise sqlstate 'P0001' using message = 'Cliente non trovato';
  end if;
  if target.erased_at is not null then
    raise sqlstate 'P0001' using message = 'Cliente rimosso: non può più fare acquisti né usare credito';
  end if;
  if target.available_credit + adjust_credit.amount < 0 then
    raise sqlstate 'P0001' using message = 'Il credito non può diventare negativo';
  end if;
  insert into app.credit_ledger (merchant_id, client_id, kind, amount, note)
  values (caller_merchant_id, target.id, 'adjustment', adjust_credit.amount, clean_reason);
  return jsonb_build_object(
    'available_credit', (select c.available_credit from app.clients c where c.id = target.id),
    'message', 'Credito aggiornato');
end
$$;
grant execute on function api.adjust_credit(text, numeric, text) to authenticated;
comment on function api.adjust_credit(text, numeric, text) is
  'Merchant only: adds (amount > 0) or removes (amount < 0) credit of one of its clients by hand, with a '
  'required reason (at most 500 characters) the customer reads in Crediti: an ''adjustment'' ledger entry. '
  'Never makes the balance negative; refused for an erased client.';
