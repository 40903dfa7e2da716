-- Credit the salon gives or corrects by hand: api.adjust_credit writes an 'adjustment' ledger entry with
-- its required reason (credit_ledger.note), never below zero and never for an erased client; the
-- customer reads it in Crediti, Statistiche counts it apart from purchases.

alter table app.credit_ledger drop constraint credit_ledger_kind_check;
alter table app.credit_ledger add constraint credit_ledger_kind_check check (
  kind in ('generation0', 'generation1', 'generation2', 'generation3', 'redemption', 'erasure', 'adjustment')
);
alter table app.credit_ledger drop constraint credit_ledger_sign_by_kind;
alter table app.credit_ledger add constraint credit_ledger_sign_by_kind check (
  case
    when kind in ('erasure', 'adjustment') then reverses_entry is null and amount <> 0
    when reverses_entry is null then (kind = 'redemption') = (amount < 0)
    else (kind = 'redemption') = (amount > 0)
  end
);
alter table app.credit_ledger add column note text
  constraint credit_ledger_note_for_adjustments check (
    (kind = 'adjustment') = (note is not null)
    and (note is null or (btrim(note) <> '' and char_length(note) <= 500))
  );
comment on column app.credit_ledger.note is
  'The reason of an ''adjustment'' (credit the salon added or removed by hand), shown to the customer; null otherwise.';

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
grant execute on function api.merchant_statistics() to authenticated;
comment on function api.merchant_statistics() is
  'Merchant only: totals, adjustments (credit given and removed by hand, apart from purchases), revenue '
  'by generation and the top-5 rankings; the per-client figures are api.merchant_client_statistics, a '
  'page at a time.';

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
