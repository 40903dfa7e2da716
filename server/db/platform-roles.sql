-- The roles PostgREST switches into, as a Supabase project has them, granted to the server's login.
-- Cluster-wide on PostgreSQL: applied before the bootstrap, and before restoring a backup into a new cluster.

-- A role that exists with the right attributes is left alone, so a database owner without superuser
-- rights can start on a cluster where a superuser prepared the roles.
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
    -- The server's own login switches into these roles per request, as PostgREST's authenticator does.
    if not pg_has_role(current_user, wanted, 'member') then
      execute format('grant %I to %I', wanted, current_user);
    end if;
  end loop;
  if not (select rolbypassrls from pg_roles where rolname = 'service_role') then
    alter role service_role bypassrls;
  end if;
exception
  when insufficient_privilege then
    raise exception 'The role % may not prepare the roles anon, authenticated and service_role: %',
      current_user, sqlerrm
      using hint = 'As a superuser: create them (service_role with bypassrls) and grant them to this role.';
  when others then
    -- A concurrent bootstrap on the same cluster got there first.
    if sqlstate not in ('XX000', '40001', '42710', '23505') then raise; end if;
end
$$;
