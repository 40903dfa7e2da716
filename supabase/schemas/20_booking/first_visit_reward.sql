-- The reward for a friend's first visit: when a client her sponsor brought completes her first visit
-- (api.mark_visit or api.complete_visit_with_purchase), the salon's one-off credit goes to that sponsor.
-- It is referral credit: it counts toward the salon's monthly referral cap and is cut to what is left of
-- it. Linked to the visit's purchase when there is one, so reversing that purchase takes it back.

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
