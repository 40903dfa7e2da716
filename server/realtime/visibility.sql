-- Which subscribers may see which changed rows, all of them in one statement: for each subscriber's claims
-- the loop takes its role and request.jwt.claims (as PostgREST sets them) and selects the rows by primary
-- key under RLS, every changed row of the table at once. A plain (invoker) function may SET ROLE to any
-- role the session user belongs to, so the server's own login runs it; nobody else may. Idempotent; run
-- at every start after change-capture.sql, in its transaction (which holds the advisory lock).

-- Before: one changed row per call.
drop function if exists _realtime.visible_to(regclass, text[], jsonb, jsonb);

create or replace function _realtime.visible_rows(
  relation regclass, key_columns text[], row_keys jsonb, subscribers jsonb
) returns setof int[]
language plpgsql set search_path = ''
as $$
declare
  original_role text := pg_catalog.current_setting('role');
  -- One prepared statement per table and key, planned once per role (a generic plan) and kept by
  -- the connection: most of a check's cost would otherwise be planning the query under RLS.
  -- Named after the table and its key's columns and types, so a changed key gets a statement of its own.
  key_condition text;
  statement_name text;
  command text;
  subscriber jsonb;
  subscriber_role text;
  -- What the settings hold now: most subscribers share a role, many a user (one per device or tab).
  role_set text;
  sub_set text;
  email_set text;
  visible int[];
begin
  -- Policies may call functions: whatever they do, checking visibility writes nothing.
  perform pg_catalog.set_config('transaction_read_only', 'on', true);
  perform pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
  select pg_catalog.string_agg(
           pg_catalog.format('t.%1$I = (k.key ->> %1$L)::%2$s', a.attname,
                             pg_catalog.format_type(a.atttypid, a.atttypmod)),
           ' and ' order by k.position)
    into key_condition
    from pg_catalog.unnest(key_columns) with ordinality as k(name, position)
    join pg_catalog.pg_attribute a on a.attrelid = relation and a.attname = k.name;
  statement_name := 'realtime_visible_rows_' || relation::oid || '_' || pg_catalog.md5(key_condition);
  if not exists (select 1 from pg_catalog.pg_prepared_statements where name = statement_name) then
    -- The subquery in the aggregate's filter stays a lookup by primary key for each changed row,
    -- whatever the planner guesses of the number of keys.
    execute pg_catalog.format(
      'prepare %I(jsonb) as select coalesce(pg_catalog.array_agg(k.position) filter '
      '(where (select true from %s as t where %s limit 1)), ''{}'') '
      'from pg_catalog.jsonb_array_elements($1) with ordinality as k(key, position)',
      statement_name, relation, key_condition
    );
  end if;
  command := pg_catalog.format('execute %I(%L)', statement_name, row_keys);
  for subscriber in select value from pg_catalog.jsonb_array_elements(subscribers) loop
    begin
      subscriber_role := subscriber ->> 'role';
      -- A setting is only written when it changes: setting the role again would look it up again.
      if role_set is distinct from subscriber_role then
        perform pg_catalog.set_config('role', subscriber_role, true);
        perform pg_catalog.set_config('request.jwt.claim.role', subscriber_role, true);
        role_set := subscriber_role;
      end if;
      perform pg_catalog.set_config('request.jwt.claims', subscriber::text, true);
      if sub_set is distinct from coalesce(subscriber ->> 'sub', '') then
        sub_set := coalesce(subscriber ->> 'sub', '');
        perform pg_catalog.set_config('request.jwt.claim.sub', sub_set, true);
      end if;
      if email_set is distinct from coalesce(subscriber ->> 'email', '') then
        email_set := coalesce(subscriber ->> 'email', '');
        perform pg_catalog.set_config('request.jwt.claim.email', email_set, true);
      end if;
      execute command into visible;
    exception when others then
      -- No privilege on the table, a role that does not exist, a failing policy: nothing visible. The
      -- block's rollback put the settings back as they were before it: write them all next time.
      visible := '{}';
      role_set := null;
      sub_set := null;
      email_set := null;
    end;
    return next coalesce(visible, '{}');
  end loop;
  perform pg_catalog.set_config('role', original_role, true);
  perform pg_catalog.set_config('request.jwt.claims', '', true);
  perform pg_catalog.set_config('request.jwt.claim.sub', '', true);
  perform pg_catalog.set_config('request.jwt.claim.role', '', true);
  perform pg_catalog.set_config('request.jwt.claim.email', '', true);
end
$$;
comment on function _realtime.visible_rows(regclass, text[], jsonb, jsonb) is
  'For each subscriber''s claims (a jsonb array), in order, the positions (from 1) of the row keys '
  '(a jsonb array of primary keys) whose rows its role and claims may select under RLS, found through '
  'a prepared statement of the connection. Sets transaction_read_only and a generic plan_cache_mode for '
  'the rest of the calling transaction.';
revoke all on function _realtime.visible_rows(regclass, text[], jsonb, jsonb) from public;
