-- Platform bootstrap: the schemas, extensions and privileges a Supabase project has and the migrations
-- rely on (supabase/postgres@7db7e1a9, migrations/db/init-scripts/00000000000000-initial-schema.sql).
-- Applied at every start before the migrations; each object is created or granted only when missing, so
-- on a Supabase database, where they all exist and belong to the platform's roles, it changes nothing.

do $$
declare
  wanted text;
begin
  foreach wanted in array array['extensions', 'auth', 'storage', 'supabase_migrations'] loop
    if to_regnamespace(wanted) is null then
      execute format('create schema %I', wanted);
    end if;
  end loop;
  if not exists (select 1 from pg_extension where extname = 'pgcrypto') then
    create extension pgcrypto with schema extensions;
  end if;
end
$$;

-- USAGE only: the API roles create nothing in these schemas.
do $$
declare
  target text;
begin
  foreach target in array array['public', 'extensions', 'auth', 'storage'] loop
    if not has_schema_privilege('anon', target, 'usage')
       or not has_schema_privilege('authenticated', target, 'usage')
       or not has_schema_privilege('service_role', target, 'usage') then
      execute format('grant usage on schema %I to anon, authenticated, service_role', target);
    end if;
  end loop;
end
$$;

-- Supabase's default privileges in public: new objects are visible to the API roles, RLS decides.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- ============================================================================
-- Realtime publication and the migration history the Supabase CLI keeps
-- ============================================================================
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
