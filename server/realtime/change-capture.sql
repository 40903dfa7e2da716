-- Change capture for Realtime's postgres_changes, managed by the server (not a migration: hosted
-- Supabase reads the WAL instead). Every table in the publication supabase_realtime gets an AFTER ROW
-- trigger that notifies the change on 'realtime_changes' at commit (in the payload, or its id once it is
-- stored in _realtime.changes when too large), so that every server process on the database delivers it
-- whatever its size.
-- Idempotent; run at every start.

select pg_advisory_xact_lock(724173001);

-- The server's own schema, as Supabase's Realtime service keeps its bookkeeping in `_realtime`: the schema
-- `realtime` belongs to the platform (supabase_admin / supabase_realtime_admin on a Supabase database),
-- where the API's login may not create anything.
create schema if not exists _realtime;
revoke all on schema _realtime from public;

-- Before: these objects lived in `realtime`. Dropping the old trigger function drops its triggers too.
do $$
begin
  if to_regprocedure('realtime.capture_change()') is not null
     and pg_catalog.pg_has_role(
       (select proowner from pg_catalog.pg_proc where oid = to_regprocedure('realtime.capture_change()')), 'usage'
     ) then
    drop function realtime.capture_change() cascade;
    drop function if exists realtime.install_capture_triggers();
    drop function if exists realtime.visible_to(regclass, text[], jsonb, jsonb);
    drop table if exists realtime.changes;
  end if;
end
$$;

create table if not exists _realtime.changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  type text not null,
  record jsonb,
  old_record jsonb,
  commit_timestamp timestamptz not null default now()
);
create index if not exists changes_commit_timestamp_idx on _realtime.changes (commit_timestamp);
comment on table _realtime.changes is
  'Row changes of the tables in publication supabase_realtime too large for a NOTIFY payload, kept a '
  'few minutes for delivery.';
revoke all on _realtime.changes from public;

-- The key that signs the changes carried in NOTIFY payloads: any database login may LISTEN and NOTIFY on
-- any channel, so a payload is trusted only with a signature made with this key, which only the server's
-- login (and the trigger function it owns) may read. 244 random bits, made once.
create table if not exists _realtime.notice_key (
  only_row boolean primary key default true check (only_row),
  key bytea not null
);
comment on table _realtime.notice_key is
  'The secret that signs the changes carried in NOTIFY payloads on realtime_changes.';
revoke all on _realtime.notice_key from public;
insert into _realtime.notice_key (key)
select pg_catalog.decode(pg_catalog.replace(
         pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text, '-', ''), 'hex')
 where not exists (select 1 from _realtime.notice_key);

-- Security definer: the writer (anon, authenticated, ...) has no access to _realtime.changes.
-- A change that fits in a NOTIFY payload (under 8000 bytes) travels in it whole, after its signature
-- (sha256(key || sha256(key || change)), in hex), and is not stored; a larger one is stored and only its
-- id is notified. Every change takes a number from the table's
-- sequence: two equal changes in one transaction are still two notifications (NOTIFY folds duplicates).
create or replace function _realtime.capture_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  change_id bigint := pg_catalog.nextval('_realtime.changes_id_seq'::regclass);
  new_record jsonb := case when tg_op = 'DELETE' then null else pg_catalog.to_jsonb(new) end;
  old_record jsonb := case when tg_op = 'INSERT' then null else pg_catalog.to_jsonb(old) end;
  notice text;
  signing_key bytea;
  signature text;
begin
  notice := pg_catalog.jsonb_build_object(
    'id', change_id,
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'record', new_record,
    'old_record', old_record,
    'commit_timestamp',
    pg_catalog.to_char(pg_catalog.now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text;
  if pg_catalog.octet_length(notice) < 8000 - 64 then
    select k.key into signing_key from _realtime.notice_key as k;
    signature := pg_catalog.encode(pg_catalog.sha256(signing_key || pg_catalog.sha256(
      signing_key || pg_catalog.convert_to(notice, 'UTF8'))), 'hex');
    perform pg_catalog.pg_notify('realtime_changes', signature || notice);
  else
    insert into _realtime.changes (id, schema_name, table_name, type, record, old_record)
    values (change_id, tg_table_schema, tg_table_name, tg_op, new_record, old_record);
    perform pg_catalog.pg_notify('realtime_changes', change_id::text);
  end if;
  return null;
end
$$;
revoke all on function _realtime.capture_change() from public;

-- Adds the trigger to every published table that lacks it and drops it from tables no longer published.
create or replace function _realtime.install_capture_triggers() returns void
language plpgsql set search_path = ''
as $$
declare
  target record;
begin
  -- Several server processes may start on one database at once.
  perform pg_advisory_xact_lock(724173001);
  for target in
    select c.oid::regclass as relation
      from pg_catalog.pg_publication_tables p
      join pg_catalog.pg_namespace n on n.nspname = p.schemaname
      join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
     where p.pubname = 'supabase_realtime'
       and p.schemaname not in ('realtime', '_realtime')
       and c.relkind = 'r'
       and not exists (
         select 1 from pg_catalog.pg_trigger t
          where t.tgrelid = c.oid and t.tgname = 'realtime_capture_change'
       )
  loop
    execute format(
      'create trigger realtime_capture_change after insert or update or delete on %s '
      'for each row execute function _realtime.capture_change()',
      target.relation
    );
  end loop;

  for target in
    select t.tgrelid::regclass as relation
      from pg_catalog.pg_trigger t
      join pg_catalog.pg_class c on c.oid = t.tgrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where t.tgname = 'realtime_capture_change'
       and not exists (
         select 1 from pg_catalog.pg_publication_tables p
          where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
       )
  loop
    execute format('drop trigger realtime_capture_change on %s', target.relation);
  end loop;
end
$$;
revoke all on function _realtime.install_capture_triggers() from public;
