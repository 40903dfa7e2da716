-- Who is calling: the platform admin, the merchant and the client behind auth.uid(), and the
-- require_* guards every api function starts with.

-- Admin powers belong to a live session: a token whose session was revoked (ADMIN_EMAIL adopting an
-- account) is no longer admin, though it stays valid for up to an hour.
create function app_private.is_platform_admin() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  session_claim text := (select auth.jwt()) ->> 'session_id';
begin
  return exists (select 1 from app.platform_admins where user_id = (select auth.uid()))
     and session_claim ~ '^[0-9a-fA-F-]{36}$'
     and exists (select 1 from auth.sessions s
                  where s.id = session_claim::uuid and s.user_id = (select auth.uid()));
end
$$;
grant execute on function app_private.is_platform_admin() to authenticated, service_role;

create or replace function app_private.current_merchant_id() returns uuid
language plpgsql stable security definer set search_path = ''
as $$
begin
  -- merchants.user_id is unique: at most one row.
  return (select m.id from app.merchants m where m.user_id = (select auth.uid()));
end
$$;
grant execute on function app_private.current_merchant_id() to authenticated, service_role;

create or replace function app_private.current_merchant_slug() returns text
language plpgsql stable security definer set search_path = ''
as $$
begin
  return (select m.slug from app.merchants m where m.user_id = (select auth.uid()));
end
$$;
grant execute on function app_private.current_merchant_slug() to authenticated, service_role;

create or replace function app_private.my_client_ids() returns uuid[]
language plpgsql stable security definer set search_path = ''
as $$
begin
  return (select coalesce(array_agg(c.id), '{}') from app.clients c where c.user_id = (select auth.uid()));
end
$$;
grant execute on function app_private.my_client_ids() to authenticated, service_role;

create or replace function app_private.my_client_merchant_ids() returns uuid[]
language plpgsql stable security definer set search_path = ''
as $$
begin
  return (
    select coalesce(array_agg(c.merchant_id), '{}') from app.clients c where c.user_id = (select auth.uid())
  );
end
$$;
grant execute on function app_private.my_client_merchant_ids() to authenticated, service_role;

-- A token names its session: once that session ended (signed out, a new password, an address claimed by
-- its owner) the token acts for nobody, though it stays valid for up to an hour. A token without a
-- session (only the JWT secret's holder signs one) is taken as it is.
create function app_private.caller_session_is_live() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  session_claim text := (select auth.jwt()) ->> 'session_id';
begin
  if session_claim is null then
    return true;
  end if;
  return session_claim ~ '^[0-9a-fA-F-]{36}$'
     and exists (select 1 from auth.sessions s
                  where s.id = session_claim::uuid and s.user_id = (select auth.uid()));
end
$$;
grant execute on function app_private.caller_session_is_live() to authenticated, service_role;

-- Guards used at the top of api functions (invoker: they only call the helpers above)
create function app_private.require_platform_admin() returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not coalesce(app_private.is_platform_admin(), false) then
    raise sqlstate '42501' using message = 'Accesso negato: funzione riservata all''amministratore';
  end if;
end
$$;
grant execute on function app_private.require_platform_admin() to authenticated, service_role;

create function app_private.require_merchant(message text default null) returns uuid
language plpgsql stable set search_path = ''
as $$
declare
  merchant_id uuid := app_private.current_merchant_id();
begin
  if merchant_id is null then
    raise sqlstate '42501'
      using message = coalesce(require_merchant.message, 'Accesso negato: questo account non è un commerciante');
  end if;
  return merchant_id;
end
$$;
grant execute on function app_private.require_merchant(text) to authenticated, service_role;

-- The caller's client row at the merchant with this slug, or an error.
create function app_private.require_client(merchant_slug text) returns uuid
language plpgsql stable set search_path = ''
as $$
declare
  client_id uuid;
begin
  select c.id into client_id
    from app.clients c
    join app.merchants m on m.id = c.merchant_id
   where m.slug = lower(btrim(require_client.merchant_slug))
     and c.user_id = (select auth.uid());
  if not app_private.caller_session_is_live() then
    raise sqlstate '42501' using message = 'Utente non autenticato';
  end if;
  if client_id is null then
    raise sqlstate '42501' using message = 'Accesso negato: questo account non è un cliente.';
  end if;
  return client_id;
end
$$;
grant execute on function app_private.require_client(text) to authenticated, service_role;

-- A client of some merchant (for calls that name a reservation, not a merchant).
create function app_private.require_any_client() returns uuid[]
language plpgsql stable set search_path = ''
as $$
declare
  client_ids uuid[] := app_private.my_client_ids();
begin
  if not app_private.caller_session_is_live() then
    raise sqlstate '42501' using message = 'Utente non autenticato';
  end if;
  if cardinality(client_ids) = 0 then
    raise sqlstate '42501' using message = 'Accesso negato: questo account non è un cliente.';
  end if;
  return client_ids;
end
$$;
grant execute on function app_private.require_any_client() to authenticated, service_role;

-- The merchant behind a slug, for its owner or for one of its clients.
create function app_private.require_booking_party(merchant_slug text) returns uuid
language plpgsql stable set search_path = ''
as $$
begin
  if app_private.current_merchant_slug() = lower(btrim(coalesce(require_booking_party.merchant_slug, ''))) then
    return app_private.current_merchant_id();
  end if;
  return (select c.merchant_id from app.clients c
           where c.id = app_private.require_client(require_booking_party.merchant_slug));
end
$$;
grant execute on function app_private.require_booking_party(text) to authenticated, service_role;
