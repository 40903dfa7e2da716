-- The receipt number, Italian style: a purchase carries the number of its fiscal receipt (documento
-- commerciale), a storno the number of its void or refund document, optional unless the salon requires
-- it (merchants.receipt_number_required). Movimenti shows it; api.merchant_daily_summary gives the
-- accountant's daily totals. The api signatures only gain parameters with defaults.

alter table app.merchants add column receipt_number_required boolean not null default false;
comment on column app.merchants.receipt_number_required is
  'Whether every purchase and storno must carry its fiscal document''s number (app.movements.receipt_number).';

alter table app.movements add column receipt_number text
  constraint movements_receipt_number_length
    check (receipt_number is null or (btrim(receipt_number) <> '' and char_length(receipt_number) <= 50));
comment on column app.movements.receipt_number is
  'The number of the fiscal document: the receipt (documento commerciale) of a purchase, the void or refund '
  'document of a storno; optional unless the salon requires it (merchants.receipt_number_required).';

drop function api.register_purchase(text, numeric, numeric);
drop function api.reverse_purchase(uuid, text);
drop function api.complete_visit_with_purchase(uuid, numeric, numeric);
drop function app_private.register_purchase(uuid, text, numeric, numeric, uuid);

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

create or replace function api.merchant_movements(
  date_from date default null,
  date_to date default null,
  client_code text default null,
  page integer default 1,
  page_size integer default 10
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
  result jsonb;
begin
  perform app_private.check_page(merchant_movements.page, merchant_movements.page_size);
  if merchant_movements.date_from not between date '2000-01-01' and date '2999-12-31'
     or merchant_movements.date_to not between date '2000-01-01' and date '2999-12-31' then
    raise sqlstate '22023' using message = 'Data non valida';
  end if;
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

  with matching as (
    select mv.id, mv.client_id, mv.spend, mv.discount, mv.net, mv.created_at, mv.receipt_number
      from app.movements mv
     where mv.merchant_id = caller_merchant_id
       and (from_instant is null or mv.created_at >= from_instant)
       and (to_instant is null or mv.created_at < to_instant)
       and (wanted_client_id is null or mv.client_id = wanted_client_id)
  ),
  page_rows as (
    select mm.*, c.code as client_code, c.name as client_name
      from (
        select * from matching
         order by created_at desc, id desc
         limit merchant_movements.page_size offset (merchant_movements.page - 1) * merchant_movements.page_size
      ) mm
      join app.clients c on c.id = mm.client_id
  )
  select jsonb_build_object(
    'total', app_private.caller_movement_count(from_instant, to_instant, wanted_client_id),
    'movements', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'client_code', p.client_code, 'client_name', p.client_name,
               'spend', p.spend, 'discount', p.discount, 'net', p.net, 'created_at', p.created_at,
               'receipt_number', p.receipt_number,
               'date', to_char(p.created_at at time zone 'Europe/Rome', 'YYYY-MM-DD'),
               'time', to_char(p.created_at at time zone 'Europe/Rome', 'HH24:MI:SS')
             ) order by p.created_at desc, p.id desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;

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

create function api.complete_visit_with_purchase(
  reservation_id uuid,
  spend numeric,
  discount numeric,
  receipt_number text default null
) returns jsonb
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
    complete_visit_with_purchase.spend, complete_visit_with_purchase.discount, visit.id,
    complete_visit_with_purchase.receipt_number);
  update app.reservations r set status = 'completata' where r.id = visit.id;
  return registered || jsonb_build_object('message', 'Visita completata e acquisto registrato');
end
$$;
grant execute on function api.complete_visit_with_purchase(uuid, numeric, numeric, text) to authenticated;
comment on function api.complete_visit_with_purchase(uuid, numeric, numeric, text) is
  'Merchant only: for a confirmed appointment whose start has passed, registers its client''s purchase '
  '(the checks and credit of api.register_purchase, the movement linked by reservation_id, receipt_number '
  'as there) and marks the visit ''completata'', all or nothing.';

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
