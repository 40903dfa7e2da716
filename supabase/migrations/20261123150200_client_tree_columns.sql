-- ============================================================================
-- The whole client tree in one response: parallel arrays in one json document
-- ============================================================================
-- api.merchant_client_tree / api.admin_client_tree return one row per client; PostgREST's max_rows
-- (1,000 on hosted Supabase) cuts such an rpc, so a 20,000-client salon took 21 ranged requests. These
-- return the same clients, in the same order, as one value: {"id": [...], "code": [...], "name": [...],
-- "sponsor_id": [...], "generation": [...]}, element i of each array describing client i. Keys are not
-- repeated 20,000 times, so the body is also about half as large.

create function app_private.client_tree_columns(tree_merchant_id uuid) returns json
language sql stable set search_path = ''
as $$
  -- One sort feeds every array (json, not jsonb: the document is only sent, never queried).
  select json_build_object(
           'id', coalesce(array_agg(t.id), '{}'),
           'code', coalesce(array_agg(t.code), '{}'),
           'name', coalesce(array_agg(t.name), '{}'),
           'sponsor_id', coalesce(array_agg(t.sponsor_id), '{}'),
           'generation', coalesce(array_agg(t.generation), '{}'))
    from (select c.id, c.code, c.name, c.sponsor_id, c.generation
            from app.clients c
           where c.merchant_id = client_tree_columns.tree_merchant_id
           order by c.generation, c.code) as t;
$$;
comment on function app_private.client_tree_columns(uuid) is
  'The clients of one merchant visible to the caller (RLS applies) as parallel arrays, ordered by generation and code.';
grant execute on function app_private.client_tree_columns(uuid) to authenticated;

create function api.merchant_client_tree_columns() returns json
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return app_private.client_tree_columns(caller_merchant_id);
end
$$;
comment on function api.merchant_client_tree_columns() is
  'Merchant only: every client of the caller''s merchant (id, code, name, sponsor_id, generation; 0 = root) '
  'as parallel arrays in one document, ordered by generation and code.';
grant execute on function api.merchant_client_tree_columns() to authenticated;

create function api.admin_client_tree_columns(merchant_slug text) returns json
language plpgsql stable set search_path = ''
as $$
declare
  tree_merchant_id uuid;
begin
  perform app_private.require_platform_admin();
  select m.id into tree_merchant_id
    from app.merchants m
   where m.slug = lower(btrim(coalesce(admin_client_tree_columns.merchant_slug, '')));
  return app_private.client_tree_columns(tree_merchant_id);
end
$$;
comment on function api.admin_client_tree_columns(text) is
  'Platform admin only: every client of a merchant (id, code, name, sponsor_id, generation; 0 = root) '
  'as parallel arrays in one document, ordered by generation and code.';
grant execute on function api.admin_client_tree_columns(text) to authenticated;
