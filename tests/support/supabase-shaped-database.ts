import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../../server/db/postgres.ts';
import { dropDefaultsGoTrueLacks } from './gotrue-defaults.ts';

/**
 * A PostgreSQL database prepared as a Supabase project's is before anything of the app runs, and a login
 * that has the rights Supabase's `postgres` has there and no more. Our own preparation, reproducing the
 * definitions behaviour depends on, as read in:
 *   supabase/postgres@7db7e1a9e34b9ffb9b0e3372ccf08eb4fa772f4b  migrations/db/init-scripts (roles, grants,
 *     extensions, timeouts), migrations/db/migrations (10000000000000_demote-postgres,
 *     20211118015519 realtime schema, 20220609081115 / 20230201083204 role grants to postgres,
 *     20230529180330 INHERIT, 20221028101028 / 20231130133139 authenticator's timeouts)
 *   supabase/auth@bc32168e13fdc928c98b449fc76bc3fdb9a293c5  migrations/ (auth tables: owner
 *     supabase_auth_admin, RLS on, no defaults but those listed in gotrue-defaults.ts, aal_level enum)
 *   supabase/storage@4fa61fba9371c4bd40cbb81509f07bcb3af21683  migrations/ (storage tables owned by
 *     supabase_storage_admin, RLS on, all privileges to the API roles and postgres)
 * The auth and storage tables start from server/db's own definitions (their columns), then get
 * Supabase's owners, privileges, RLS and missing defaults; see README "On a Supabase database".
 */
export interface SupabaseShapedDatabase {
  /** The connection of the `postgres`-like login: NOSUPERUSER, owner of the database. */
  url: string;
  login: string;
  /** Runs SQL as the cluster's superuser, in this database. */
  asSuperuser(sql: string): Promise<void>;
  drop(): Promise<void>;
}

const platformRoles = `
do $$
declare
  wanted record;
begin
  for wanted in select * from (values
    ('supabase_admin', 'nologin'), ('supabase_auth_admin', 'nologin noinherit createrole'),
    ('supabase_storage_admin', 'nologin noinherit createrole'), ('supabase_realtime_admin', 'nologin noinherit'),
    ('anon', 'nologin inherit'), ('authenticated', 'nologin inherit'), ('service_role', 'nologin inherit bypassrls'),
    ('authenticator', 'login noinherit')) as r(name, attributes)
  loop
    begin
      if not exists (select 1 from pg_roles where rolname = wanted.name) then
        execute format('create role %I %s', wanted.name, wanted.attributes);
      else
        execute format('alter role %I %s', wanted.name, replace(wanted.attributes, 'createrole', ''));
      end if;
    exception when duplicate_object or unique_violation then null;
    end;
  end loop;
  alter role anon set statement_timeout = '3s';
  alter role authenticated set statement_timeout = '8s';
  alter role authenticator set statement_timeout = '8s';
  alter role authenticator set lock_timeout = '8s';
  grant anon, authenticated, service_role to authenticator;
  grant anon, authenticated, service_role to supabase_storage_admin;
  grant authenticator to supabase_storage_admin;
exception when others then
  -- Another test file prepares the same cluster-wide roles at this moment.
  if sqlstate not in ('XX000', '40001', '42710', '23505') then raise; end if;
end
$$`;

/** The database as supabase/postgres's init scripts and migrations leave it, `login` playing `postgres`. */
function platformSchemas(login: string): string {
  return `
create schema extensions authorization ${login};
create extension pgcrypto with schema extensions;
do $$ begin
  create extension "uuid-ossp" with schema extensions;
exception when others then null;
end $$;
grant usage on schema public to ${login}, anon, authenticated, service_role;
grant usage on schema extensions to ${login}, anon, authenticated, service_role;
alter default privileges for role ${login} in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role ${login} in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role ${login} in schema public grant all on sequences to anon, authenticated, service_role;

create schema auth authorization supabase_admin;
create schema storage authorization supabase_admin;
create schema realtime authorization supabase_realtime_admin;
grant usage on schema realtime to ${login}, anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;
grant usage on schema auth, storage to anon, authenticated, service_role;
grant all on schema auth, storage to ${login};

create publication supabase_realtime;
alter publication supabase_realtime owner to ${login};
`;
}

/** After server/db's auth and storage tables exist: GoTrue's and storage-api's owners, privileges and RLS. */
function platformOwnership(login: string): string {
  return `
do $$
declare
  target record;
begin
  for target in select c.oid::regclass as relation, n.nspname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                 where n.nspname in ('auth', 'storage') and c.relkind = 'r' loop
    execute format('alter table %s owner to %I', target.relation,
                   case target.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
  for target in select p.oid::regprocedure as routine, n.nspname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                 where n.nspname in ('auth', 'storage') loop
    execute format('alter function %s owner to %I', target.routine,
                   case target.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
  for target in select c.oid::regclass as relation from pg_class c
                 where c.relnamespace in ('auth'::regnamespace, 'storage'::regnamespace) and c.relkind = 'r' loop
    execute format('alter table %s enable row level security', target.relation);
  end loop;
end $$;
alter type auth.one_time_token_type owner to supabase_auth_admin;
create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
alter type auth.aal_level owner to supabase_auth_admin;
alter table auth.sessions alter column aal drop default;
alter table auth.sessions alter column aal type auth.aal_level using aal::auth.aal_level;

revoke all on all tables in schema auth from anon, authenticated, service_role;
grant all on all tables in schema auth to ${login};
grant all on all sequences in schema auth to ${login};
grant all on all routines in schema auth to ${login};
grant execute on all routines in schema auth to anon, authenticated, service_role;
grant supabase_auth_admin, supabase_storage_admin to ${login};
grant anon, authenticated, service_role to ${login};

grant all on all tables in schema storage to ${login}, anon, authenticated, service_role;
grant all on all sequences in schema storage to ${login}, anon, authenticated, service_role;
grant all on all routines in schema storage to ${login}, anon, authenticated, service_role;
`;
}

export async function createSupabaseShapedDatabase(): Promise<SupabaseShapedDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('A Supabase-shaped database needs TEST_DATABASE_URL (a superuser)');
  const suffix = randomBytes(5).toString('hex');
  const login = `supabase_postgres_${suffix}`;
  const name = `supabase_shaped_${suffix}`;
  const password = randomBytes(12).toString('hex');
  const urlOf = (base: string, database: string, user?: { name: string; password: string }) => {
    const url = new URL(base);
    url.pathname = `/${database}`;
    if (user) {
      url.username = user.name;
      url.password = user.password;
    }
    return url.toString();
  };
  const run = async (url: string, sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const superuserUrl = urlOf(adminUrl, name);

  await run(adminUrl, platformRoles);
  // Supabase's postgres after 10000000000000_demote-postgres.
  await run(
    adminUrl,
    `create role ${login} login nosuperuser createdb createrole replication bypassrls password '${password}'`,
  );
  await run(adminUrl, `create database ${name} owner ${login}`);
  await run(superuserUrl, platformSchemas(login));
  // GoTrue's and storage-api's tables, from server/db's definitions, reshaped as their migrations leave them.
  const superuser = await openPostgres(superuserUrl);
  try {
    const { applyPlatformBootstrap } = await import('../../server/db/bootstrap.ts');
    await applyPlatformBootstrap(superuser);
    await dropDefaultsGoTrueLacks(superuser);
    await superuser.exec(platformOwnership(login));
    // What server/db's bootstrap made beyond auth and storage belongs to the platform's postgres.
    await superuser.exec(`drop table supabase_migrations.schema_migrations; drop schema supabase_migrations`);
  } finally {
    await superuser.close();
  }

  return {
    url: urlOf(adminUrl, name, { name: login, password }),
    login,
    asSuperuser: (sql) => run(superuserUrl, sql),
    async drop() {
      await run(adminUrl, `drop database if exists ${name} with (force)`);
      await run(adminUrl, `drop owned by ${login} cascade`).catch(() => undefined);
      // A database restored from this one's backup may still hold grants to the login until it is dropped.
      await run(adminUrl, `drop role if exists ${login}`).catch(() => undefined);
    },
  };
}
