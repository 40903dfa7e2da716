-- Treatments can be edited in place (Impostazioni): name, description, duration, price and who performs
-- them, with the same bounds as add_treatment. Reservations already made keep their times and the
-- treatment's name as it was when booked.

-- ============================================================================
-- The right to update a treatment (its own salon's only)
-- ============================================================================
grant update (name, description, duration_minutes, price, for_all_operators) on app.treatments to authenticated;

create policy "Merchants update their own treatments" on app.treatments
  for update to authenticated
  using (merchant_id = (select app_private.current_merchant_id()))
  with check (merchant_id = (select app_private.current_merchant_id()));

-- ============================================================================
-- api.update_treatment
-- ============================================================================
create function api.update_treatment(
  treatment_id uuid,
  name text,
  description text,
  duration_minutes integer,
  price numeric,
  operator_ids uuid[] default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(update_treatment.name, '')), '');
  new_description text := nullif(btrim(coalesce(update_treatment.description, '')), '');
  chosen uuid[] := (select array_agg(distinct chosen_id) from unnest(update_treatment.operator_ids) as chosen_id);
begin
  if new_name is null or new_description is null or update_treatment.duration_minutes is null
     or update_treatment.price is null
     or (update_treatment.operator_ids is not null and chosen is null) then
    raise sqlstate 'P0001' using message = 'Compila tutti i campi del form';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome del trattamento');
  perform app_private.require_max_length(new_description, 1000, 'La descrizione');
  if update_treatment.duration_minutes < 5 or update_treatment.duration_minutes > 600 then
    raise sqlstate '22023' using message = 'La durata deve essere compresa tra 5 e 600 minuti';
  end if;
  perform app_private.require_finite(update_treatment.price, 'Il prezzo non è valido');
  if update_treatment.price < 0 or round(update_treatment.price, 2) > 10000 then
    raise sqlstate '22023' using message = 'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00';
  end if;
  if array_position(chosen, null) is not null
     or (select count(*) from app.operators o
          where o.merchant_id = caller_merchant_id and o.id = any (chosen)) <> coalesce(cardinality(chosen), 0) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  update app.treatments t
     set name = new_name, description = new_description, duration_minutes = update_treatment.duration_minutes,
         price = round(update_treatment.price, 2), for_all_operators = chosen is null
   where t.id = update_treatment.treatment_id and t.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Trattamento non trovato';
  end if;
  delete from app.treatment_operators tos
   where tos.treatment_id = update_treatment.treatment_id and tos.merchant_id = caller_merchant_id;
  insert into app.treatment_operators (merchant_id, treatment_id, operator_id)
  select caller_merchant_id, update_treatment.treatment_id, chosen_id from unnest(chosen) as chosen_id;
  return jsonb_build_object('message', 'Trattamento aggiornato');
end
$$;
comment on function api.update_treatment(uuid, text, text, integer, numeric, uuid[]) is
  'Merchant only: changes one of its treatments (same fields and bounds as add_treatment); operator_ids '
  'null = every operator, otherwise at least one of its operators. Reservations already made keep their '
  'times and the name they were booked with.';
grant execute on function api.update_treatment(uuid, text, text, integer, numeric, uuid[]) to authenticated;
