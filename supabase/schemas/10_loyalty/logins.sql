-- Logins created by the database (a merchant's account, a client joining) and the password policy
-- they follow.

create table app.password_policy (
  singleton boolean primary key default true check (singleton),
  minimum_length integer not null default 6 check (minimum_length between 6 and 72)
);
alter table app.password_policy enable row level security;
grant all on app.password_policy to service_role;
comment on table app.password_policy is
  'The password rules of logins made in SQL: minimum_length mirrors [auth] minimum_password_length of '
  'supabase/config.toml (written by server/ at start).';

-- One person, several salons: a visitor registering at a second salon with the e-mail of an existing
-- account is told so with hint 'email_exists' (the auth service's error code for the same case), so the
-- registration screen can ask for that account's password and join the salon with it.
create or replace function app_private.new_login(email text, password text, name text) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  account_id uuid := gen_random_uuid();
  normalized text := lower(btrim(new_login.email));
begin
  if exists (select 1 from auth.users u where lower(u.email) = normalized) then
    raise sqlstate 'P0001' using message = 'Email già registrata: accedi per continuare', hint = 'email_exists';
  end if;
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change_token_new, email_change,
    email_change_token_current, phone_change, phone_change_token, reauthentication_token
  ) values (
    '00000000-0000-0000-0000-000000000000', account_id, 'authenticated', 'authenticated', normalized,
    -- bcrypt at cost 10, as GoTrue hashes the passwords it sets.
    extensions.crypt(new_login.password, extensions.gen_salt('bf', 10)), now(),
    '{"provider": "email", "providers": ["email"]}'::jsonb,
    jsonb_build_object('name', btrim(new_login.name)), now(), now(),
    '', '', '', '', '', '', '', ''
  );
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (
    account_id::text, account_id,
    jsonb_build_object('sub', account_id::text, 'email', normalized, 'email_verified', true, 'phone_verified', false),
    'email', now(), now()
  );
  return account_id;
exception
  when unique_violation then
    -- The same e-mail registered by a concurrent request.
    raise sqlstate 'P0001' using message = 'Email già registrata: accedi per continuare', hint = 'email_exists';
end
$$;
comment on function app_private.new_login(text, text, text) is
  'A confirmed e-mail login made in SQL; an e-mail already registered raises hint email_exists.';

create or replace function app_private.check_new_login(email text, password text) returns void
language plpgsql stable set search_path = ''
as $$
declare
  minimum integer := app_private.minimum_password_length();
begin
  if nullif(btrim(coalesce(check_new_login.email, '')), '') is null then
    raise sqlstate 'P0001' using message = 'L''email è obbligatoria';
  end if;
  perform app_private.require_max_length(btrim(check_new_login.email), 254, 'L''email');
  if not app_private.is_valid_email(btrim(check_new_login.email)) then
    raise sqlstate 'P0001' using message = 'Email non valida';
  end if;
  if coalesce(check_new_login.password, '') = '' then
    raise sqlstate 'P0001' using message = 'La password è obbligatoria';
  end if;
  if char_length(check_new_login.password) < minimum then
    raise sqlstate 'P0001' using message = format('La password deve contenere almeno %s caratteri', minimum);
  end if;
  perform app_private.require_max_length(check_new_login.password, 72, 'La password');
end
$$;
grant execute on function app_private.check_new_login(text, text) to anon, authenticated, service_role;

-- Invoker: read inside the definer functions that create logins (join_merchant, create_merchant).
create function app_private.minimum_password_length() returns integer
language sql stable set search_path = ''
as $$
  select coalesce((select p.minimum_length from app.password_policy p where p.singleton), 6)
$$;
grant execute on function app_private.minimum_password_length() to anon, authenticated, service_role;
comment on function app_private.minimum_password_length() is
  'The minimum password length of logins made in SQL (app.password_policy).';
