-- The sponsor tree of a salon's clients, as the client, the merchant and the admin see it (rows,
-- columns and the compact form).

-- api.admin_client_tree
create function api.admin_client_tree(merchant_slug text)
returns table (id uuid, code text, name text, sponsor_id uuid, generation integer)
language sql stable set search_path = ''
as $$
  select app_private.require_platform_admin();
  select c.id, c.code, c.name, c.sponsor_id, c.generation
    from app.clients c
    join app.merchants m on m.id = c.merchant_id
   where m.slug = lower(btrim(coalesce(admin_client_tree.merchant_slug, '')))
   order by c.generation, c.code;
$$;
grant execute on function api.admin_client_tree(text) to authenticated;
comment on function api.admin_client_tree(text) is
  'Platform admin only: every client of a merchant with its sponsor and generation (0 = root).';

-- api.merchant_client_tree
create function api.merchant_client_tree()
returns table (id uuid, code text, name text, sponsor_id uuid, generation integer)
language sql stable set search_path = ''
as $$
  select app_private.require_merchant();
  select c.id, c.code, c.name, c.sponsor_id, c.generation
    from app.clients c
   where c.merchant_id = app_private.current_merchant_id()
   order by c.generation, c.code;
$$;
grant execute on function api.merchant_client_tree() to authenticated;
comment on function api.merchant_client_tree() is
  'Merchant only: every client of the caller''s merchant with its sponsor and generation (0 = root).';

-- The referral tree below the caller (definer: RLS hides other clients' rows from a client; this
-- returns only id, code, a short display name, sponsor and depth, never purchases, e-mail or phone)
create function app_private.client_tree(merchant_slug text)
returns table (id uuid, code text, display_name text, sponsor_id uuid, generation integer)
language plpgsql stable security definer set search_path = ''
as $$
declare
  root_id uuid;
begin
  select c.id into root_id
    from app.clients c
    join app.merchants m on m.id = c.merchant_id
   where m.slug = lower(btrim(coalesce(client_tree.merchant_slug, '')))
     and c.user_id = (select auth.uid());
  if root_id is null then
    raise sqlstate '42501' using message = 'Accesso negato: questo account non è un cliente.';
  end if;
  return query
    with recursive tree as (
      select c.id, c.code, c.name, c.sponsor_id, 1 as depth
        from app.clients c where c.sponsor_id = root_id
      union all
      select c.id, c.code, c.name, c.sponsor_id, t.depth + 1
        from app.clients c join tree t on c.sponsor_id = t.id
       where t.depth < 3
    )
    select t.id, t.code, app_private.display_name(t.name), t.sponsor_id, t.depth
      from tree t
     order by t.depth, t.code;
end
$$;
grant execute on function app_private.client_tree(text) to authenticated;

-- api.client_tree
create function api.client_tree(merchant_slug text)
returns table (id uuid, code text, display_name text, sponsor_id uuid, generation integer)
language sql stable set search_path = ''
as $$
  select t.id, t.code, t.display_name, t.sponsor_id, t.generation
    from app_private.client_tree(client_tree.merchant_slug) t;
$$;
grant execute on function api.client_tree(text) to authenticated;
comment on function api.client_tree(text) is
  'Client only: the three generations of referrals below the caller, with short names only.';

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
grant execute on function app_private.client_tree_columns(uuid) to authenticated;
comment on function app_private.client_tree_columns(uuid) is
  'The clients of one merchant visible to the caller (RLS applies) as parallel arrays, ordered by generation and code.';

create function api.merchant_client_tree_columns() returns json
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return app_private.client_tree_columns(caller_merchant_id);
end
$$;
grant execute on function api.merchant_client_tree_columns() to authenticated;
comment on function api.merchant_client_tree_columns() is
  'Merchant only: every client of the caller''s merchant (id, code, name, sponsor_id, generation; 0 = root) '
  'as parallel arrays in one document, ordered by generation and code.';

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
grant execute on function api.admin_client_tree_columns(text) to authenticated;
comment on function api.admin_client_tree_columns(text) is
  'Platform admin only: every client of a merchant (id, code, name, sponsor_id, generation; 0 = root) '
  'as parallel arrays in one document, ordered by generation and code.';

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
grant execute on function app_private.client_tree_compact(uuid) to authenticated;
comment on function app_private.client_tree_compact(uuid) is
  'The clients of one merchant visible to the caller (RLS applies) as parallel arrays ordered by generation '
  'and code: code, name, the sponsor''s position in the arrays (-1 for none) and generation.';

create function api.merchant_client_tree_compact() returns json
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return app_private.client_tree_compact(caller_merchant_id);
end
$$;
grant execute on function api.merchant_client_tree_compact() to authenticated;
comment on function api.merchant_client_tree_compact() is
  'Merchant only: every client of the caller''s merchant as parallel arrays in one document, ordered by '
  'generation and code: code, name, sponsor (the position of the sponsor in the arrays, -1 for a root) '
  'and generation (0 = root).';

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
grant execute on function api.admin_client_tree_compact(text) to authenticated;
comment on function api.admin_client_tree_compact(text) is
  'Platform admin only: every client of a merchant as parallel arrays in one document, ordered by '
  'generation and code: code, name, sponsor (the position of the sponsor in the arrays, -1 for a root) '
  'and generation (0 = root).';
