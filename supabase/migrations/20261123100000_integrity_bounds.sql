-- Integrity of money and input: no NaN or infinity is ever stored, every amount has a range and every
-- text a maximum length, enforced twice: by CHECK constraints on the tables (whatever the path) and by
-- the functions, which refuse first with an Italian message.
--
-- Error codes the client can branch on:
--   22023 (invalid_parameter_value) a number that is NaN, infinite or outside its range;
--   22001 (string_data_right_truncation) a text longer than its maximum.
-- Both answer HTTP 400, as every other refusal of the api functions.
--
-- Bounds (the SPA's forms use the same ones, src/lib/input-limits.ts):
--   purchase spend 0.01 .. 100000.00 euro (discount <= spend); treatment price 0 .. 10000.00 euro;
--   treatment duration 5 .. 600 minutes; percentages 0 .. 100;
--   names 100 characters, phone 30, e-mail 254, website 255, treatment description 1000,
--   reservation notes 500; e-mail and password of new logins: next migration.

-- ============================================================================
-- Helpers
-- ============================================================================
create function app_private.is_finite(value numeric) returns boolean
language sql immutable set search_path = ''
as $$
  select is_finite.value is null
      or (is_finite.value <> 'NaN'::numeric
          and is_finite.value < 'Infinity'::numeric
          and is_finite.value > '-Infinity'::numeric)
$$;
comment on function app_private.is_finite(numeric) is 'True for null and every real number; false for NaN and ±Infinity.';

-- Raises 22023 with the message unless the number is finite (null passes: required-ness is checked apart).
create function app_private.require_finite(value numeric, message text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if not app_private.is_finite(require_finite.value) then
    raise sqlstate '22023' using message = require_finite.message;
  end if;
end
$$;

-- Raises 22001 "<subject> può contenere al massimo <n> caratteri" when the text is longer.
create function app_private.require_max_length(value text, max_length integer, subject text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if char_length(require_max_length.value) > require_max_length.max_length then
    raise sqlstate '22001'
      using message = format('%s può contenere al massimo %s caratteri', require_max_length.subject,
                             require_max_length.max_length);
  end if;
end
$$;

grant execute on function app_private.is_finite(numeric), app_private.require_finite(numeric, text),
  app_private.require_max_length(text, integer, text) to anon, authenticated, service_role;

-- ============================================================================
-- Table constraints: they hold for every path, including direct SQL
-- ============================================================================
alter table app.merchants
  add constraint merchants_name_length check (char_length(name) <= 100),
  add constraint merchants_slug_length check (char_length(slug) <= 100),
  add constraint merchants_email_length check (char_length(email) <= 254),
  add constraint merchants_phone_length check (char_length(phone) <= 30),
  add constraint merchants_website_length check (char_length(website) <= 255),
  add constraint merchants_code_prefix_length check (char_length(code_prefix) <= 8),
  add constraint merchants_logo_path_length check (char_length(logo_path) <= 255);

alter table app.percentages
  add constraint percentages_are_finite check (
    app_private.is_finite(personal) and app_private.is_finite(sponsor1)
    and app_private.is_finite(sponsor2) and app_private.is_finite(sponsor3)
  );

alter table app.clients
  add constraint clients_name_length check (char_length(name) <= 100),
  add constraint clients_phone_length check (char_length(phone) <= 30),
  add constraint clients_email_length check (char_length(email) <= 254),
  add constraint clients_code_length check (char_length(code) <= 20),
  add constraint clients_available_credit_is_finite check (available_credit <> 'NaN');

alter table app.movements
  add constraint movements_amounts_are_finite check (spend <> 'NaN' and discount <> 'NaN'),
  add constraint movements_spend_at_most_100000 check (spend <= 100000);

alter table app.credit_ledger
  add constraint credit_ledger_amount_is_finite check (amount <> 'NaN');

alter table app.operators
  add constraint operators_name_length check (char_length(name) <= 100),
  add constraint operators_image_path_length check (char_length(image_path) <= 255);

alter table app.treatments
  add constraint treatments_name_length check (char_length(name) <= 100),
  add constraint treatments_description_length check (char_length(description) <= 1000),
  add constraint treatments_price_is_finite check (price <> 'NaN'),
  add constraint treatments_price_at_most_10000 check (price <= 10000),
  add constraint treatments_duration_5_to_600 check (duration_minutes between 5 and 600);

alter table app.reservations
  add constraint reservations_treatment_name_length check (char_length(treatment_name) <= 100),
  add constraint reservations_notes_length check (char_length(notes) <= 500);

-- ============================================================================
-- Joining a merchant: name and phone bounded
-- ============================================================================
create or replace function app_private.join_merchant(
  merchant_slug text, name text, email text, password text, phone text, sponsor_code text
) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  merchant app.merchants;
  sponsor app.clients;
  clean_name text := nullif(btrim(coalesce(join_merchant.name, '')), '');
  clean_email text := lower(nullif(btrim(coalesce(join_merchant.email, '')), ''));
  clean_phone text := nullif(btrim(coalesce(join_merchant.phone, '')), '');
  clean_sponsor text := upper(nullif(btrim(coalesce(join_merchant.sponsor_code, '')), ''));
  account_id uuid;
  next_number integer;
  new_code text;
  new_client_id uuid;
begin
  select * into merchant from app.merchants m where m.slug = lower(btrim(coalesce(join_merchant.merchant_slug, '')));
  if not found then
    raise sqlstate 'P0001' using message = 'Commerciante inesistente';
  end if;
  if clean_name is null then
    raise sqlstate 'P0001' using message = 'Il nome è obbligatorio';
  end if;
  perform app_private.require_max_length(clean_name, 100, 'Il nome');
  perform app_private.require_max_length(clean_phone, 30, 'Il telefono');

  if caller is null then
    perform app_private.check_new_login(join_merchant.email, join_merchant.password);
  else
    -- An existing account joins another merchant with its own e-mail; the password is ignored.
    select u.email into clean_email from auth.users u where u.id = caller;
    if not found then
      raise sqlstate '42501' using message = 'Utente non autenticato';
    end if;
    if exists (select 1 from app.clients c where c.merchant_id = merchant.id and c.user_id = caller) then
      raise sqlstate 'P0001' using message = 'Sei già cliente di questo commerciante';
    end if;
  end if;

  if clean_sponsor is not null then
    select * into sponsor from app.clients c where c.merchant_id = merchant.id and c.code = clean_sponsor;
    if not found then
      raise sqlstate 'P0001' using message = 'Codice presentatore non valido';
    end if;
  end if;

  account_id := coalesce(caller, app_private.new_login(clean_email, join_merchant.password, clean_name));

  insert into app.client_code_counters as counter (merchant_id, last_number)
  values (merchant.id, 1)
  on conflict (merchant_id) do update set last_number = counter.last_number + 1
  returning counter.last_number into next_number;
  new_code := merchant.code_prefix || case when next_number < 100000 then lpad(next_number::text, 5, '0') else next_number::text end;

  begin
    insert into app.clients (merchant_id, user_id, code, sponsor_id, generation, name, phone, email)
    values (merchant.id, account_id, new_code, sponsor.id, coalesce(sponsor.generation + 1, 0),
            clean_name, clean_phone, clean_email)
    returning id into new_client_id;
  exception
    when unique_violation then
      raise sqlstate 'P0001' using message = 'Sei già cliente di questo commerciante';
  end;

  return jsonb_build_object(
    'client_code', new_code,
    'message', format('Registrazione completata! Il tuo codice cliente è %s.', new_code),
    'client_id', new_client_id,
    'user_id', account_id
  );
end
$$;

-- ============================================================================
-- Registering a purchase: finite amounts, spend at most 100000.00 euro
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
  if register_purchase.discount > buyer_credit then
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
-- Percentages: finite numbers between 0 and 100
-- ============================================================================
create or replace function api.set_percentages(personal numeric, sponsor1 numeric, sponsor2 numeric, sponsor3 numeric)
returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant('Errore: utenza inesistente');
begin
  if set_percentages.personal is null or set_percentages.sponsor1 is null
     or set_percentages.sponsor2 is null or set_percentages.sponsor3 is null then
    raise sqlstate 'P0001' using message = 'Tutte le percentuali sono obbligatorie';
  end if;
  if not (app_private.is_finite(set_percentages.personal) and app_private.is_finite(set_percentages.sponsor1)
          and app_private.is_finite(set_percentages.sponsor2) and app_private.is_finite(set_percentages.sponsor3)) then
    raise sqlstate '22023' using message = 'Le percentuali devono essere numeri validi';
  end if;
  if least(set_percentages.personal, set_percentages.sponsor1, set_percentages.sponsor2, set_percentages.sponsor3) < 0
     or greatest(set_percentages.personal, set_percentages.sponsor1, set_percentages.sponsor2, set_percentages.sponsor3) > 100 then
    raise sqlstate 'P0001' using message = 'Le percentuali devono essere comprese tra 0 e 100';
  end if;
  update app.percentages p
     set personal = set_percentages.personal, sponsor1 = set_percentages.sponsor1,
         sponsor2 = set_percentages.sponsor2, sponsor3 = set_percentages.sponsor3, updated_at = now()
   where p.merchant_id = caller_merchant_id;
  return jsonb_build_object('message', 'Modifica avvenuta con successo!');
end
$$;
comment on function api.set_percentages(numeric, numeric, numeric, numeric) is
  'Merchant only: sets its credit percentages, each required, a finite number and between 0 and 100.';

-- ============================================================================
-- Creating a merchant: name, phone and website bounded
-- ============================================================================
create or replace function app_private.create_merchant(name text, phone text, email text, password text, website text)
returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  clean_name text := nullif(btrim(coalesce(create_merchant.name, '')), '');
  clean_phone text := nullif(btrim(coalesce(create_merchant.phone, '')), '');
  clean_email text := lower(btrim(coalesce(create_merchant.email, '')));
  clean_website text := nullif(btrim(coalesce(create_merchant.website, '')), '');
  new_slug text;
  prefix_number integer;
  new_prefix text;
  account_id uuid;
  new_merchant_id uuid;
begin
  if not app_private.is_platform_admin() then
    raise sqlstate '42501' using message = 'Accesso negato: funzione riservata all''amministratore';
  end if;
  if clean_name is null then
    raise sqlstate 'P0001' using message = 'Il nome è obbligatorio';
  end if;
  perform app_private.require_max_length(clean_name, 100, 'Il nome');
  if clean_phone is null then
    raise sqlstate 'P0001' using message = 'Il telefono è obbligatorio';
  end if;
  perform app_private.require_max_length(clean_phone, 30, 'Il telefono');
  perform app_private.require_max_length(clean_website, 255, 'Il sito web');
  perform app_private.check_new_login(create_merchant.email, create_merchant.password);
  new_slug := app_private.slugify(clean_name);
  if new_slug = '' then
    raise sqlstate 'P0001' using message = 'Il nome deve contenere almeno una lettera o una cifra';
  end if;
  if app_private.is_reserved_slug(new_slug) then
    raise sqlstate 'P0001' using message = 'Nome non disponibile: scegline un altro';
  end if;
  if exists (select 1 from app.merchants m where m.slug = new_slug) then
    raise sqlstate 'P0001' using message = 'Esiste già un commerciante con questo nome';
  end if;

  account_id := app_private.new_login(clean_email, create_merchant.password, clean_name);

  insert into app.merchant_prefix_counter as counter (singleton, last_number)
  values (true, 1)
  on conflict (singleton) do update set last_number = counter.last_number + 1
  returning counter.last_number into prefix_number;
  new_prefix := app_private.column_letters(prefix_number);

  begin
    insert into app.merchants (user_id, slug, name, email, phone, website, code_prefix)
    values (account_id, new_slug, clean_name, clean_email, clean_phone, clean_website, new_prefix)
    returning id into new_merchant_id;
  exception
    when unique_violation then
      -- The same name created by a concurrent request.
      raise sqlstate 'P0001' using message = 'Esiste già un commerciante con questo nome';
  end;
  insert into app.percentages (merchant_id) values (new_merchant_id);

  return jsonb_build_object('id', new_merchant_id, 'slug', new_slug, 'name', clean_name,
                            'code_prefix', new_prefix, 'user_id', account_id);
end
$$;

-- ============================================================================
-- A client's phone: at most 30 characters
-- ============================================================================
create or replace function api.update_client_phone(merchant_slug text, phone text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(update_client_phone.merchant_slug);
  new_phone text := nullif(btrim(coalesce(update_client_phone.phone, '')), '');
begin
  if new_phone is null then
    raise sqlstate 'P0001' using message = 'Il telefono è obbligatorio';
  end if;
  perform app_private.require_max_length(new_phone, 30, 'Il telefono');
  if exists (select 1 from app.clients c where c.id = caller_client_id and c.phone is not distinct from new_phone) then
    raise sqlstate 'P0001' using message = 'Nessuna modifica effettuata';
  end if;
  update app.clients c set phone = new_phone where c.id = caller_client_id;
  return jsonb_build_object('message', 'Telefono aggiornato!');
end
$$;
comment on function api.update_client_phone(text, text) is
  'Client only: changes the caller''s phone at one merchant (required, at most 30 characters; refused when unchanged).';

-- ============================================================================
-- Operators: name and photo path bounded
-- ============================================================================
create or replace function api.add_operator(name text, image_path text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(add_operator.name, '')), '');
  new_path text := nullif(btrim(coalesce(add_operator.image_path, '')), '');
  new_id uuid;
begin
  if new_name is null then
    raise sqlstate 'P0001' using message = 'Il nome dell''operatore è obbligatorio';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome dell''operatore');
  if new_path is null then
    raise sqlstate 'P0001' using message = 'L''immagine dell''operatore è obbligatoria';
  end if;
  if char_length(new_path) > 255 then
    raise sqlstate 'P0001' using message = 'Immagine non valida';
  end if;
  perform app_private.check_operator_image(new_path, caller_merchant_id);
  insert into app.operators (merchant_id, name, image_path)
  values (caller_merchant_id, new_name, new_path)
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'message', 'Operatore registrato con successo!');
end
$$;
comment on function api.add_operator(text, text) is
  'Merchant only: registers an operator; name (at most 100 characters) and photo (object in its folder of '
  'bucket operatori) required.';

create or replace function api.update_operator(operator_id uuid, name text, image_path text default null) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(update_operator.name, '')), '');
  new_path text := nullif(btrim(coalesce(update_operator.image_path, '')), '');
begin
  if new_name is null then
    raise sqlstate 'P0001' using message = 'Il nome dell''operatore è obbligatorio';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome dell''operatore');
  if new_path is not null then
    if char_length(new_path) > 255 then
      raise sqlstate 'P0001' using message = 'Immagine non valida';
    end if;
    perform app_private.check_operator_image(new_path, caller_merchant_id);
  end if;
  update app.operators o
     set name = new_name, image_path = coalesce(new_path, o.image_path)
   where o.id = update_operator.operator_id and o.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  return jsonb_build_object('message', 'Operatore aggiornato con successo!');
end
$$;
comment on function api.update_operator(uuid, text, text) is
  'Merchant only: renames an operator (at most 100 characters) and, when image_path is given, replaces its photo.';

-- ============================================================================
-- Treatments: texts bounded, duration 5..600 minutes, price a finite 0..10000.00 euro
-- ============================================================================
create or replace function api.add_treatment(
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
  new_name text := nullif(btrim(coalesce(add_treatment.name, '')), '');
  new_description text := nullif(btrim(coalesce(add_treatment.description, '')), '');
  chosen uuid[] := (select array_agg(distinct chosen_id) from unnest(add_treatment.operator_ids) as chosen_id);
  new_id uuid;
begin
  if new_name is null or new_description is null or add_treatment.duration_minutes is null
     or add_treatment.price is null
     or (add_treatment.operator_ids is not null and chosen is null) then
    raise sqlstate 'P0001' using message = 'Compila tutti i campi del form';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome del trattamento');
  perform app_private.require_max_length(new_description, 1000, 'La descrizione');
  if add_treatment.duration_minutes < 5 or add_treatment.duration_minutes > 600 then
    raise sqlstate '22023' using message = 'La durata deve essere compresa tra 5 e 600 minuti';
  end if;
  perform app_private.require_finite(add_treatment.price, 'Il prezzo non è valido');
  if add_treatment.price < 0 or round(add_treatment.price, 2) > 10000 then
    raise sqlstate '22023' using message = 'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00';
  end if;
  if array_position(chosen, null) is not null
     or (select count(*) from app.operators o
          where o.merchant_id = caller_merchant_id and o.id = any (chosen)) <> coalesce(cardinality(chosen), 0) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  insert into app.treatments (merchant_id, name, description, duration_minutes, price, for_all_operators)
  values (caller_merchant_id, new_name, new_description, add_treatment.duration_minutes,
          round(add_treatment.price, 2), chosen is null)
  returning id into new_id;
  insert into app.treatment_operators (merchant_id, treatment_id, operator_id)
  select caller_merchant_id, new_id, chosen_id from unnest(chosen) as chosen_id;
  return jsonb_build_object('id', new_id, 'message', 'Trattamento registrato!');
end
$$;
comment on function api.add_treatment(text, text, integer, numeric, uuid[]) is
  'Merchant only: registers a treatment (all fields required; name up to 100 characters, description up to '
  '1000, duration 5 to 600 minutes, price 0 to 10000.00 euro); operator_ids null = every operator, '
  'otherwise at least one of its operators.';
