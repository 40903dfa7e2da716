-- Loyalty client API: the signed-in client's profile at one merchant, its phone, purchases, credit
-- ledger and referral tree. Functions are security invoker (RLS shows a client only its own rows)
-- except the tree helper, which reads other clients' rows and returns only what the tree may show.

-- ============================================================================
-- The referral tree below the caller (definer: RLS hides other clients' rows from a client; this
-- returns only id, code, a short display name, sponsor and depth, never purchases, e-mail or phone)
-- ============================================================================
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

-- ============================================================================
-- api.client_profile
-- ============================================================================
create function api.client_profile(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_profile.merchant_slug);
begin
  return (
    select jsonb_build_object(
      'id', c.id, 'code', c.code, 'name', c.name, 'email', c.email, 'phone', c.phone,
      'available_credit', c.available_credit, 'merchant_slug', m.slug, 'merchant_name', m.name,
      'referral_link_path', '/' || m.slug || '/register?ref=' || c.code
    )
    from app.clients c join app.merchants m on m.id = c.merchant_id
    where c.id = caller_client_id
  );
end
$$;
comment on function api.client_profile(text) is
  'Client only: the caller''s membership at the merchant with this slug, with its referral link path.';
grant execute on function api.client_profile(text) to authenticated;

-- ============================================================================
-- api.update_client_phone
-- ============================================================================
create function api.update_client_phone(merchant_slug text, phone text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(update_client_phone.merchant_slug);
  new_phone text := nullif(btrim(coalesce(update_client_phone.phone, '')), '');
begin
  if new_phone is null then
    raise sqlstate 'P0001' using message = 'Il telefono è obbligatorio';
  end if;
  if exists (select 1 from app.clients c where c.id = caller_client_id and c.phone is not distinct from new_phone) then
    raise sqlstate 'P0001' using message = 'Nessuna modifica effettuata';
  end if;
  update app.clients c set phone = new_phone where c.id = caller_client_id;
  return jsonb_build_object('message', 'Telefono aggiornato!');
end
$$;
comment on function api.update_client_phone(text, text) is
  'Client only: changes the caller''s phone at one merchant (required; refused when unchanged).';
grant execute on function api.update_client_phone(text, text) to authenticated;

-- ============================================================================
-- api.client_purchases
-- ============================================================================
create function api.client_purchases(merchant_slug text)
returns table (id uuid, date text, spend numeric, discount numeric, net numeric, created_at timestamptz)
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_purchases.merchant_slug);
begin
  return query
    select mv.id, to_char(mv.created_at at time zone 'Europe/Rome', 'YYYY-MM-DD'),
           mv.spend::numeric, mv.discount::numeric, mv.net::numeric, mv.created_at
      from app.movements mv
     where mv.client_id = caller_client_id
     order by mv.created_at desc, mv.id desc;
end
$$;
comment on function api.client_purchases(text) is
  'Client only: the caller''s purchases at one merchant, newest first (date in Europe/Rome).';
grant execute on function api.client_purchases(text) to authenticated;

-- ============================================================================
-- api.client_credit
-- ============================================================================
create function api.client_credit(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_credit.merchant_slug);
begin
  return jsonb_build_object(
    'available_credit', (select c.available_credit from app.clients c where c.id = caller_client_id),
    'ledger', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', l.id, 'amount', l.amount,
               'reason', case l.kind when 'generation0' then 'purchase' else l.kind end,
               'movement_id', l.movement_id, 'created_at', l.created_at
             ) order by l.created_at desc, l.kind desc)
        from app.credit_ledger l
       where l.client_id = caller_client_id
    ), '[]'::jsonb)
  );
end
$$;
comment on function api.client_credit(text) is
  'Client only: available credit at one merchant and the ledger entries behind it, newest first.';
grant execute on function api.client_credit(text) to authenticated;

-- ============================================================================
-- api.client_tree
-- ============================================================================
create function api.client_tree(merchant_slug text)
returns table (id uuid, code text, display_name text, sponsor_id uuid, generation integer)
language sql stable set search_path = ''
as $$
  select t.id, t.code, t.display_name, t.sponsor_id, t.generation
    from app_private.client_tree(client_tree.merchant_slug) t;
$$;
comment on function api.client_tree(text) is
  'Client only: the three generations of referrals below the caller, with short names only.';
grant execute on function api.client_tree(text) to authenticated;
