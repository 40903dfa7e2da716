-- Roles stay apart: the login of a salon (or of the platform admin) is not a client. The screens
-- never offered it, and now joining a salon as a client with such a login is refused here too, for
-- every path; a person who owns a salon and is also a customer uses another e-mail address.

create or replace function app_private.join_merchant(
  merchant_slug text, name text, email text, password text, phone text, sponsor_code text,
  privacy_accepted boolean, marketing_accepted boolean
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
  if join_merchant.privacy_accepted is not true then
    raise sqlstate 'P0001' using message = 'Per registrarti devi accettare l''informativa sulla privacy';
  end if;

  if caller is null then
    perform app_private.check_new_login(join_merchant.email, join_merchant.password);
  else
    -- An existing account joins another merchant with its own e-mail; the password is ignored.
    select u.email into clean_email from auth.users u where u.id = caller;
    if not found then
      raise sqlstate '42501' using message = 'Utente non autenticato';
    end if;
    if exists (select 1 from app.merchants m where m.user_id = caller)
       or exists (select 1 from app.platform_admins a where a.user_id = caller) then
      raise sqlstate '42501'
        using message = 'Questo account gestisce un salone: per essere cliente registrati con un''altra email';
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

  perform app_private.record_consent(new_client_id, 'privacy', true);
  perform app_private.record_consent(new_client_id, 'marketing', coalesce(join_merchant.marketing_accepted, false));

  return jsonb_build_object(
    'client_code', new_code,
    'message', format('Registrazione completata! Il tuo codice cliente è %s.', new_code),
    'client_id', new_client_id,
    'user_id', account_id
  );
end
$$;
comment on function app_private.join_merchant(text, text, text, text, text, text, boolean, boolean) is
  'A new client of a merchant (and, for an anonymous caller, its login), with its consents recorded.';
