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

-- No DELETE on storage.buckets or storage.objects but through the Storage API, as storage-api's
-- storage.protect_delete() has it (storage@4fa61fba, migrations/tenant/0055-prevent-direct-deletes): a
-- statement deleting rows is refused unless its transaction set storage.allow_delete_query, as
-- /storage/v1 does (server/storage/caller.ts), so that no stored file loses its row. Only where this
-- login owns storage.objects: on a Supabase database storage-api made the same triggers.
do $$
begin
  if pg_get_userbyid((select relowner from pg_class where oid = 'storage.objects'::regclass)) <> current_user
     or exists (select 1 from pg_trigger
                 where tgrelid = 'storage.objects'::regclass and tgname = 'protect_objects_delete') then
    return;
  end if;
  create or replace function storage.protect_delete() returns trigger
  language plpgsql
  as $body$
  begin
    if coalesce(current_setting('storage.allow_delete_query', true), '') <> 'true' then
      raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
        using errcode = '42501', hint = 'This prevents accidental data loss from orphaned objects.';
    end if;
    return null;
  end
  $body$;
  create or replace trigger protect_buckets_delete before delete on storage.buckets
    for each statement execute function storage.protect_delete();
  create or replace trigger protect_objects_delete before delete on storage.objects
    for each statement execute function storage.protect_delete();
end
$$;
