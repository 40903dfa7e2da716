-- Which subscribers may see a changed row, all of them in one statement: for each subscriber's claims the
-- loop takes its role and request.jwt.claims (as PostgREST sets them) and selects the row by primary key
-- under RLS. A plain (invoker) function may SET ROLE to any role the session user belongs to, so the
-- server's own login runs it; nobody else may. Idempotent; run at every start after change-capture.sql,
-- in its transaction (which holds the advisory lock).

create or replace function _realtime.visible_to(
  relation regclass, key_columns text[], changed_record jsonb, subscribers jsonb
) returns boolean[]
language plpgsql set search_path = ''
as $$
declare
  original_role text := pg_catalog.current_setting('role');
  -- One prepared statement per table and key, planned once per role (a generic plan) and kept by
  -- the connection: most of a check's cost would otherwise be planning the query under RLS.
  -- Named after the table and its key's columns and types, so a changed key gets a statement of its own.
  key_condition text;
  statement_name text;
  subscriber jsonb;
  visible boolean;
  verdicts boolean[] := '{}';
begin
  -- Policies may call functions: whatever they do, checking visibility writes nothing.
  perform pg_catalog.set_config('transaction_read_only', 'on', true);
  perform pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
  select pg_catalog.string_agg(
           pg_catalog.format('t.%1$I = ($1 ->> %1$L)::%2$s', a.attname,
                             pg_catalog.format_type(a.atttypid, a.atttypmod)),
           ' and ' order by k.position)
    into key_condition
    from pg_catalog.unnest(key_columns) with ordinality as k(name, position)
    join pg_catalog.pg_attribute a on a.attrelid = relation and a.attname = k.name;
  statement_name := 'realtime_visible_' || relation::oid || '_' || pg_catalog.md5(key_condition);
  if not exists (select 1 from pg_catalog.pg_prepared_statements where name = statement_name) then
    execute pg_catalog.format(
      'prepare %I(jsonb) as select exists (select 1 from %s as t where %s)',
      statement_name, relation, key_condition
    );
  end if;
  for subscriber in select value from pg_catalog.jsonb_array_elements(subscribers) loop
    begin
      perform pg_catalog.set_config('role', subscriber ->> 'role', true);
      perform pg_catalog.set_config('request.jwt.claims', subscriber::text, true);
      perform pg_catalog.set_config('request.jwt.claim.sub', coalesce(subscriber ->> 'sub', ''), true);
      perform pg_catalog.set_config('request.jwt.claim.role', subscriber ->> 'role', true);
      perform pg_catalog.set_config('request.jwt.claim.email', coalesce(subscriber ->> 'email', ''), true);
      execute pg_catalog.format('execute %I(%L)', statement_name, changed_record) into visible;
    exception when others then
      -- No privilege on the table, a role that does not exist, a failing policy: not visible.
      visible := false;
    end;
    verdicts := verdicts || coalesce(visible, false);
  end loop;
  perform pg_catalog.set_config('role', original_role, true);
  perform pg_catalog.set_config('request.jwt.claims', '', true);
  perform pg_catalog.set_config('request.jwt.claim.sub', '', true);
  perform pg_catalog.set_config('request.jwt.claim.role', '', true);
  perform pg_catalog.set_config('request.jwt.claim.email', '', true);
  return verdicts;
end
$$;
comment on function _realtime.visible_to(regclass, text[], jsonb, jsonb) is
  'For each subscriber''s claims (a jsonb array), whether its role and claims may select the changed row '
  'under RLS, found by primary key through a prepared statement of the connection. Sets '
  'transaction_read_only and a generic plan_cache_mode for the rest of the calling transaction.';
revoke all on function _realtime.visible_to(regclass, text[], jsonb, jsonb) from public;
