-- Which subscribers may see a changed row, all of them in one statement: for each subscriber's claims the
-- loop takes its role and request.jwt.claims (as PostgREST sets them) and selects the row by primary key
-- under RLS. A plain (invoker) function may SET ROLE to any role the session user belongs to, so the
-- server's own login runs it; nobody else may. Idempotent; run at every start after change-capture.sql,
-- in its transaction (which holds the advisory lock).

create or replace function realtime.visible_to(
  relation regclass,
  key_columns text[],
  changed_record jsonb,
  subscribers jsonb
) returns boolean[]
language plpgsql set search_path = ''
as $$
declare
  original_role text := pg_catalog.current_setting('role');
  row_check text;
  subscriber jsonb;
  visible boolean;
  verdicts boolean[] := '{}';
begin
  -- Policies may call functions: whatever they do, checking visibility writes nothing.
  perform pg_catalog.set_config('transaction_read_only', 'on', true);
  row_check := pg_catalog.format(
    'select exists (select 1 from %s as t, pg_catalog.jsonb_populate_record(null::%s, $1) as r where %s)',
    relation,
    relation,
    (select pg_catalog.string_agg(pg_catalog.format('t.%1$I = r.%1$I', name), ' and ')
       from pg_catalog.unnest(key_columns) as name)
  );
  for subscriber in select value from pg_catalog.jsonb_array_elements(subscribers) loop
    begin
      perform pg_catalog.set_config('role', subscriber ->> 'role', true);
      perform pg_catalog.set_config('request.jwt.claims', subscriber::text, true);
      perform pg_catalog.set_config('request.jwt.claim.sub', coalesce(subscriber ->> 'sub', ''), true);
      perform pg_catalog.set_config('request.jwt.claim.role', subscriber ->> 'role', true);
      perform pg_catalog.set_config('request.jwt.claim.email', coalesce(subscriber ->> 'email', ''), true);
      execute row_check into visible using changed_record;
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
comment on function realtime.visible_to(regclass, text[], jsonb, jsonb) is
  'For each subscriber''s claims (a jsonb array), whether its role and claims may select the changed row '
  'under RLS, found by primary key. Sets transaction_read_only for the rest of the calling transaction.';
revoke all on function realtime.visible_to(regclass, text[], jsonb, jsonb) from public;
