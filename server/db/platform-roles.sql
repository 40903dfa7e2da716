-- The roles PostgREST switches into, as a Supabase project has them, granted to the server's login.
-- Cluster-wide on PostgreSQL: applied before the bootstrap, and before restoring a backup into a new cluster.

do $$
declare
  wanted text;
begin
  foreach wanted in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = wanted) then
      begin
        execute format('create role %I nologin noinherit', wanted);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
  end loop;
  alter role service_role bypassrls;
  -- The server's own login switches into these roles per request, as PostgREST's authenticator does.
  execute format('grant anon, authenticated, service_role to %I', current_user);
exception when others then
  -- A concurrent bootstrap on the same cluster got there first.
  if sqlstate not in ('XX000', '40001', '42710', '23505') then raise; end if;
end
$$;
