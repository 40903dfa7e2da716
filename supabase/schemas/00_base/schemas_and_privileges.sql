-- The schemas app, app_private and api, the btree_gist extension, who may use each schema, and
-- the default that no function is executable by public unless granted.
-- Data is not schema: the storage buckets, the password policy's row and backfills stay in the
-- migrations (and config.toml), as `supabase db diff` leaves them.

-- Privileges: nothing is executable by public unless granted explicitly
alter default privileges revoke execute on functions from public;
create schema if not exists app;
create schema if not exists app_private;
create schema if not exists api;
grant usage on schema api to anon, authenticated, service_role;
grant usage on schema app to authenticated, service_role;
grant usage on schema app_private to anon, authenticated, service_role;
create extension if not exists btree_gist with schema extensions;

comment on schema app is 'Private application tables; reached only through the functions of schema api.';

comment on schema app_private is 'Security-definer helpers used by api functions and policies; not exposed.';

comment on schema api is 'The callable API exposed by PostgREST (supabase.rpc).';
