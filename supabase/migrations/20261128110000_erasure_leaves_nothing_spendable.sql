-- Erasure leaves nothing spendable and nothing behind. An erased client (app.clients.erased_at) has her
-- balance closed by an 'erasure' ledger entry, her code refuses purchases and discounts, and her share as
-- a sponsor is granted to nobody (the generations above her keep theirs); reversals leave her entries
-- alone. Her erasure cancels her reservations without e-mailing her, drops the unsent e-mails about her
-- and strips name and address from the sent ones.

alter table app.clients add column erased_at timestamptz;

comment on column app.clients.erased_at is
  'When the person was erased (app_private.erase_person); an erased client neither buys, spends nor earns credit.';

alter table app.credit_ledger drop constraint credit_ledger_kind_check;
alter table app.credit_ledger add constraint credit_ledger_kind_check check (
  kind in ('generation0', 'generation1', 'generation2', 'generation3', 'redemption', 'erasure')
);
alter table app.credit_ledger drop constraint credit_ledger_sign_by_kind;
alter table app.credit_ledger add constraint credit_ledger_sign_by_kind check (
  case
    when kind = 'erasure' then reverses_entry is null and amount <> 0
    when reverses_entry is null then (kind = 'redemption') = (amount < 0)
    else (kind = 'redemption') = (amount > 0)
  end
);

comment on table app.credit_ledger is
  'Append-only credit ledger, one row per credit or debit: generation0 = own purchase, generation1..3 = '
  'purchase of a referral at that depth, redemption = discount used (negative), erasure = the balance '
  'closed when the client was erased (minus the balance, never reversed).';

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
      (3, sponsor1_id, 'generation1', round(net_amount * coalesce(rates.sponsor1, 0) / 100, 2)),
      (4, sponsor2_id, 'generation2', round(net_amount * coalesce(rates.sponsor2, 0) / 100, 2)),
      (5, sponsor3_id, 'generation3', round(net_amount * coalesce(rates.sponsor3, 0) / 100, 2))
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
  'passed up or down), and the other sponsors get exactly their own generation''s share.';

create or replace function api.reverse_purchase(movement_id uuid, reason text) returns jsonb
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
grant execute on function api.reverse_purchase(uuid, text) to authenticated;
comment on function api.reverse_purchase(uuid, text) is
  'Merchant only: reverses one of its purchases within its reversal window, with a reason (required, at most '
  '500 characters): a reversing movement with negated amounts and ledger entries that take back each credit of '
  'the purchase and return the discount. At most once per purchase; balances may go negative. Entries of an '
  'erased client are left as they are (her balance was closed at erasure and stays 0).';

create or replace function app_private.erase_person(client_ids uuid[], account_id uuid) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  erased integer;
  known jsonb;
begin
  -- Only the person herself or the platform admin.
  if not (erase_person.account_id = (select auth.uid()) or coalesce(app_private.is_platform_admin(), false)) then
    raise sqlstate '42501' using message = 'Accesso negato';
  end if;
  if account_id is not null and (
       exists (select 1 from app.merchants m where m.user_id = erase_person.account_id)
       or exists (select 1 from app.platform_admins a where a.user_id = erase_person.account_id)) then
    raise sqlstate 'P0001' using message = 'Questo account gestisce un salone o la piattaforma: non si elimina da qui';
  end if;

  -- What the outbox may still hold about her, read before the rows forget it.
  select coalesce(jsonb_agg(jsonb_build_object(
           'merchant_id', c.merchant_id, 'name', c.name, 'email', lower(nullif(btrim(c.email), '')))), '[]')
    into known
    from app.clients c where c.id = any (erase_person.client_ids);

  -- First the rows (locked until commit, so a purchase on them waits and then sees them erased), so that
  -- cancelling her reservations below finds no address to write to.
  update app.clients c
     set name = app_private.erased_name(), email = '', phone = null, erased_at = coalesce(c.erased_at, now())
   where c.id = any (erase_person.client_ids);
  get diagnostics erased = row_count;

  -- Her balance is closed: nothing left to spend, the ledger still sums to it.
  insert into app.credit_ledger (merchant_id, client_id, kind, amount)
  select c.merchant_id, c.id, 'erasure', -c.available_credit
    from app.clients c
   where c.id = any (erase_person.client_ids) and c.available_credit <> 0;

  update app.reservations r
     set status = 'annullata', notes = ''
   where r.client_id = any (erase_person.client_ids)
     and r.status in ('in attesa', 'modificata', 'confermata')
     and r.starts_at > now();
  update app.reservations r
     set notes = ''
   where r.client_id = any (erase_person.client_ids) and r.notes <> '';

  -- The outbox: what was not sent yet about her is not sent; what was sent keeps neither name nor address.
  delete from app.notification_outbox n
   where n.sent_at is null
     and (n.reservation_id in (select r.id from app.reservations r where r.client_id = any (erase_person.client_ids))
          or exists (select 1 from jsonb_to_recordset(known) as p (merchant_id uuid, name text, email text)
                      where p.merchant_id = n.merchant_id and p.email = lower(n.recipient)));
  update app.notification_outbox n
     set recipient = case
           when exists (select 1 from jsonb_to_recordset(known) as p (merchant_id uuid, name text, email text)
                         where p.merchant_id = n.merchant_id and p.email = lower(n.recipient))
           then app_private.erased_name() else n.recipient end,
         payload = n.payload || jsonb_build_object('client_name', app_private.erased_name(), 'notes', '')
   where n.reservation_id in (select r.id from app.reservations r where r.client_id = any (erase_person.client_ids))
      or exists (select 1 from jsonb_to_recordset(known) as p (merchant_id uuid, name text, email text)
                  where p.merchant_id = n.merchant_id
                    and (p.email = lower(n.recipient)
                         or (n.reservation_id is null and n.payload ->> 'client_name' = p.name)));

  if account_id is not null then
    delete from auth.users u where u.id = erase_person.account_id;
  end if;
  return erased;
end
$$;
grant execute on function app_private.erase_person(uuid[], uuid) to authenticated, service_role;
comment on function app_private.erase_person(uuid[], uuid) is
  'Anonymises these client rows (name ''Cliente rimosso'', no e-mail or phone, erased_at set), closes each '
  'balance with an ''erasure'' ledger entry, cancels future reservations (no e-mail) and empties every note, '
  'drops the unsent e-mails about her and strips name and address from the sent ones, and deletes the login. '
  'The tree and movements stay; from now on her code buys nothing and her node earns nothing (her share of a '
  'purchase below her is granted to nobody; the generations above her still get theirs).';

comment on function api.erase_my_account(text, text) is
  'Client only (called from one salon''s Anagrafica, confirmation ''ELIMINA''): erases the caller''s '
  'personal data at every salon, closes her balances and deletes the login; the referral tree and purchases stay.';

create or replace function app_private.enqueue_reservation_notifications() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  salon app.merchants;
  customer_email text;
  notice jsonb;
  cancelled_by_salon boolean;
begin
  select m.* into salon from app.merchants m where m.id = new.merchant_id;
  select c.email into customer_email from app.clients c where c.id = new.client_id;
  notice := app_private.reservation_notice(new);

  if tg_op = 'INSERT' then
    if new.status = 'in attesa' and salon.new_request_emails then
      insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
      values (new.merchant_id, new.id, 'new_request', salon.email, notice);
    end if;
    return null;
  end if;

  if new.status = old.status then
    return null;
  end if;
  if new.status = 'annullata' then
    delete from app.notification_outbox n
     where n.reservation_id = new.id and n.kind = 'reminder' and n.sent_at is null;
  end if;
  -- No address (an erased client): nothing is written to her.
  if btrim(coalesce(customer_email, '')) = '' then
    return null;
  end if;

  if new.status = 'confermata' then
    insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
    values (new.merchant_id, new.id, 'confirmation', customer_email, notice);
    if salon.reminder_emails and app_private.reminder_due(new.starts_at) > now() then
      insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload, send_after)
      values (new.merchant_id, new.id, 'reminder', customer_email, notice, app_private.reminder_due(new.starts_at));
    end if;
  elsif new.status = 'modificata' then
    insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
    values (new.merchant_id, new.id, 'change_proposed', customer_email,
            notice || jsonb_build_object(
              'previous_date', to_char(old.starts_at at time zone 'Europe/Rome', 'DD-MM-YYYY'),
              'previous_time', to_char(old.starts_at at time zone 'Europe/Rome', 'HH24:MI')));
  elsif new.status = 'rifiutata' and old.status = 'in attesa' then
    insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
    values (new.merchant_id, new.id, 'rejection', customer_email, notice);
  elsif new.status = 'annullata' then
    cancelled_by_salon := app_private.current_merchant_id() is not distinct from new.merchant_id;
    insert into app.notification_outbox (merchant_id, reservation_id, kind, recipient, payload)
    values (new.merchant_id, new.id, 'cancellation', customer_email,
            notice || jsonb_build_object('cancelled_by_salon', cancelled_by_salon));
  end if;
  return null;
end
$$;
comment on function app_private.enqueue_reservation_notifications() is
  'Trigger: writes the e-mails a reservation change announces into app.notification_outbox, in the same '
  'transaction; none to a customer without an address (an erased client, whose erasure cancels her '
  'reservations without telling her).';

-- api.merchant_clients: an erased client shows no credit.
create or replace function api.merchant_clients(search text default null, page integer default 1, page_size integer default 10)
returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pattern text := app_private.search_pattern(merchant_clients.search);
  result jsonb;
begin
  perform app_private.check_page(merchant_clients.page, merchant_clients.page_size);
  with matching as (
    select c.id, c.code, c.name, c.email, c.phone, c.sponsor_id, c.available_credit, c.erased_at, c.created_at
      from app.clients c
     where c.merchant_id = caller_merchant_id
       and (pattern is null
            or lower(c.name) like pattern or lower(c.code) like pattern
            or lower(c.email) like pattern or lower(coalesce(c.phone, '')) like pattern)
  ),
  page_rows as (
    select mc.*, s.code as sponsor_code
      from matching mc
      left join app.clients s on s.id = mc.sponsor_id
     order by mc.created_at desc, mc.code desc
     limit merchant_clients.page_size offset (merchant_clients.page - 1) * merchant_clients.page_size
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'clients', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'code', p.code, 'name', p.name, 'email', p.email, 'phone', p.phone,
               'sponsor_code', p.sponsor_code, 'created_at', p.created_at,
               'available_credit', case when p.erased_at is null then p.available_credit end
             ) order by p.created_at desc, p.code desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
grant execute on function api.merchant_clients(text, integer, integer) to authenticated;
comment on function api.merchant_clients(text, integer, integer) is
  'Merchant only: its clients, newest first, one page at a time; search matches name, code, e-mail or phone. '
  'An erased client has no credit (available_credit null).';

-- The clients erased before this change: marked, balances closed, their e-mails dropped or stripped.
update app.clients c
   set erased_at = now()
 where c.name = app_private.erased_name() and c.email = '' and c.phone is null and c.user_id is null
   and c.erased_at is null;
insert into app.credit_ledger (merchant_id, client_id, kind, amount)
select c.merchant_id, c.id, 'erasure', -c.available_credit
  from app.clients c
 where c.erased_at is not null and c.available_credit <> 0;
delete from app.notification_outbox n
 using app.reservations r join app.clients c on c.id = r.client_id
 where n.reservation_id = r.id and c.erased_at is not null and n.sent_at is null;
update app.notification_outbox n
   set recipient = case when n.recipient = m.email then n.recipient else app_private.erased_name() end,
       payload = n.payload || jsonb_build_object('client_name', app_private.erased_name(), 'notes', '')
  from app.reservations r
  join app.clients c on c.id = r.client_id
  join app.merchants m on m.id = r.merchant_id
 where n.reservation_id = r.id and c.erased_at is not null;
