-- Brings a database bootstrapped by an earlier version of the server to Supabase's definitions, at every
-- start and only where this login owns the objects (on a Supabase database they are right already).

-- USAGE only on public, as Supabase grants it: earlier bootstraps also granted CREATE.
do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if has_schema_privilege(api_role, 'public', 'create')
       and pg_has_role((select nspowner from pg_namespace where nspname = 'public'), 'usage') then
      execute format('revoke create on schema public from %I', api_role);
    end if;
  end loop;
end
$$;

-- Row level security on every table of auth, as GoTrue's migrations leave them: with no policy, the API
-- roles read nothing there even if granted; the server's login owns these tables (or, on Supabase,
-- bypasses RLS) and keeps working.
do $$
declare
  target regclass;
begin
  for target in
    select c.oid::regclass from pg_class c
     where c.relnamespace = 'auth'::regnamespace and c.relkind = 'r' and not c.relrowsecurity
       and pg_has_role(c.relowner, 'usage')
  loop
    execute format('alter table %s enable row level security', target);
  end loop;
end
$$;
