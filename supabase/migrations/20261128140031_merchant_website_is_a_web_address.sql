-- A new merchant's website is a web address: the admin's form took any text ('ciao', 'mario@x.it'),
-- and the admin's list showed it as the salon's site. app_private.create_merchant now refuses a
-- website that is not an optional http(s)://, a host with a dot and a top-level name, and a path
-- (22023, in Italian); stored rows stay as they are.

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
  -- A web address: an optional http(s)://, a host with a dot and a top-level name, then a path.
  if clean_website !~* '^(https?://)?([[:alnum:]]([[:alnum:]-]*[[:alnum:]])?\.)+[[:alpha:]]{2,}(:[0-9]{1,5})?([/?#][^[:space:]]*)?$' then
    raise sqlstate '22023' using message = 'Il sito web non è un indirizzo web valido (esempio: https://www.salone.it)';
  end if;
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
grant execute on function app_private.create_merchant(text, text, text, text, text) to authenticated;
