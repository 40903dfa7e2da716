-- The roles PostgREST switches into, as a Supabase project has them, granted to the server's login.
-- Cluster-wide on PostgreSQL: applied before the bootstrap, and before restoring a backup into a new cluster.
-- Definitions as in supabase/postgres@7db7e1a9 (migrations/db/init-scripts/00000000000000-initial-schema.sql,
-- migrations/db/migrations/20230529180330_alter_api_roles_for_inherit.sql, 20221028101028 and 20231130133139
-- for authenticator's timeouts, 20230201083204 granting the three roles to postgres).

-- A role that exists with the right attributes is left alone, so a database owner without superuser
-- rights can start on a cluster where a superuser prepared the roles.
do $$
declare
  wanted text;
begin
  foreach wanted in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = wanted) then
      begin
        execute format('create role %I nologin inherit', wanted);
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

-- What behaviour depends on, set where this login may (a superuser, or CREATEROLE): on a cluster prepared
-- by someone else, or a Supabase project, the roles are taken as they are.
--   anon, authenticated, service_role INHERIT; statement_timeout 3 s for anon and 8 s for authenticated,
--   which the server applies per request as PostgREST applies an impersonated role's settings;
--   authenticator: the login PostgREST connects with, NOINHERIT, member of the three, 8 s timeouts.
do $$
declare
  api_role text;
  timeouts constant jsonb := '{"anon": "3s", "authenticated": "8s"}';
  can_manage_roles boolean := (select rolsuper or rolcreaterole from pg_roles where rolname = current_user);
begin
  if not can_manage_roles then return; end if;
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if not (select rolinherit from pg_roles where rolname = api_role) then
      execute format('alter role %I inherit', api_role);
    end if;
    if timeouts ? api_role and not exists (
      select 1 from pg_db_role_setting s, unnest(s.setconfig) as setting
       where s.setrole = to_regrole(api_role) and s.setdatabase = 0 and setting like 'statement_timeout=%'
    ) then
      execute format('alter role %I set statement_timeout = %L', api_role, timeouts ->> api_role);
    end if;
  end loop;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  elsif exists (select 1 from pg_roles where rolname = 'authenticator' and (rolinherit or not rolcanlogin)) then
    alter role authenticator login noinherit;
  end if;
  if not exists (
    select 1 from pg_db_role_setting s, unnest(s.setconfig) as setting
     where s.setrole = to_regrole('authenticator') and s.setdatabase = 0 and setting like 'statement_timeout=%'
  ) then
    alter role authenticator set statement_timeout = '8s';
    alter role authenticator set lock_timeout = '8s';
  end if;
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if not pg_has_role('authenticator', api_role, 'member') then
      execute format('grant %I to authenticator', api_role);
    end if;
  end loop;
exception
  when insufficient_privilege then null;
  when others then
    if sqlstate not in ('XX000', '40001', '42710', '23505') then raise; end if;
end
$$;
