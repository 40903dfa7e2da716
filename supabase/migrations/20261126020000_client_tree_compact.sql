-- ============================================================================
-- The client tree as a compact document: sponsors as positions, no uuids
-- ============================================================================
-- *_client_tree_columns send every client's uuid twice (as its id and as its children's sponsor_id):
-- 1.9 MB for 20,000 clients, most of it uuids the screens only use to link a node to its sponsor.
-- These send, in the same order (generation, code), only what Struttura draws:
--   {"code": [...], "name": [...], "sponsor": [...], "generation": [...]}
-- where sponsor[i] is the position of client i's sponsor in the same arrays (-1 for a root, or for a
-- sponsor the caller may not read), so a sponsor always comes before the clients it presented.
-- The admin erases a client by code (api.admin_erase_client_by_code), the key the screen asks for.

create function app_private.client_tree_compact(tree_merchant_id uuid) returns json
language sql stable set search_path = ''
as $$
  -- One numbering by (generation, code), one hash join to read each sponsor's position, one sort for
  -- every array (json, not jsonb: the document is only sent, never queried).
  with numbered as (
    select c.id, c.code, c.name, c.sponsor_id, c.generation,
           (row_number() over (order by c.generation, c.code) - 1)::integer as position
      from app.clients c
     where c.merchant_id = client_tree_compact.tree_merchant_id
  )
  select json_build_object(
           'code', coalesce(array_agg(t.code), '{}'),
           'name', coalesce(array_agg(t.name), '{}'),
           'sponsor', coalesce(array_agg(t.sponsor), '{}'),
           'generation', coalesce(array_agg(t.generation), '{}'))
    from (select client.code, client.name, coalesce(sponsor.position, -1) as sponsor, client.generation
            from numbered client
            left join numbered sponsor on sponsor.id = client.sponsor_id
           order by client.position) as t;
$$;
comment on function app_private.client_tree_compact(uuid) is
  'The clients of one merchant visible to the caller (RLS applies) as parallel arrays ordered by generation '
  'and code: code, name, the sponsor''s position in the arrays (-1 for none) and generation.';
grant execute on function app_private.client_tree_compact(uuid) to authenticated;

create function api.merchant_client_tree_compact() returns json
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return app_private.client_tree_compact(caller_merchant_id);
end
$$;
comment on function api.merchant_client_tree_compact() is
  'Merchant only: every client of the caller''s merchant as parallel arrays in one document, ordered by '
  'generation and code: code, name, sponsor (the position of the sponsor in the arrays, -1 for a root) '
  'and generation (0 = root).';
grant execute on function api.merchant_client_tree_compact() to authenticated;

create function api.admin_client_tree_compact(merchant_slug text) returns json
language plpgsql stable set search_path = ''
as $$
declare
  tree_merchant_id uuid;
begin
  perform app_private.require_platform_admin();
  select m.id into tree_merchant_id
    from app.merchants m
   where m.slug = lower(btrim(coalesce(admin_client_tree_compact.merchant_slug, '')));
  return app_private.client_tree_compact(tree_merchant_id);
end
$$;
comment on function api.admin_client_tree_compact(text) is
  'Platform admin only: every client of a merchant as parallel arrays in one document, ordered by '
  'generation and code: code, name, sponsor (the position of the sponsor in the arrays, -1 for a root) '
  'and generation (0 = root).';
grant execute on function api.admin_client_tree_compact(text) to authenticated;

-- ============================================================================
-- api.admin_erase_client_by_code
-- ============================================================================
create function api.admin_erase_client_by_code(merchant_slug text, client_code text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  found_client_id uuid;
begin
  perform app_private.require_platform_admin();
  select c.id into found_client_id
    from app.clients c
    join app.merchants m on m.id = c.merchant_id
   where m.slug = lower(btrim(coalesce(admin_erase_client_by_code.merchant_slug, '')))
     and c.code = upper(btrim(coalesce(admin_erase_client_by_code.client_code, '')));
  if not found then
    raise sqlstate 'P0001' using message = 'Cliente non trovato';
  end if;
  return api.admin_erase_client(found_client_id);
end
$$;
comment on function api.admin_erase_client_by_code(text, text) is
  'Platform admin only: api.admin_erase_client for the client with this code at the salon with this slug '
  '(the key the admin''s tree shows).';
grant execute on function api.admin_erase_client_by_code(text, text) to authenticated;
