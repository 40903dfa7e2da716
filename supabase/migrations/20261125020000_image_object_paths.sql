-- Logos and operator photos as object paths inside their bucket, not as URLs: the SPA may live on
-- another host than the APIs (a static host in front of a hosted project), so it builds the address
-- itself with supabase.storage.from(bucket).getPublicUrl(path). The keys keep their names
-- (logo_url, image_url, merchant_logo_url); their values are now paths in 'loghi' and 'operatori'.

-- ============================================================================
-- Operator photos: every reader goes through this one helper
-- ============================================================================
create or replace function app_private.operator_image_url(image_path text) returns text
language sql immutable set search_path = ''
as $$
  select operator_image_url.image_path
$$;
comment on function app_private.operator_image_url(text) is
  'An operator photo as the readers return it: its object path in bucket operatori (null without a photo).';

-- ============================================================================
-- The salon logo: its object path in bucket loghi when the salon has uploaded one
-- ============================================================================
create or replace function app_private.merchant_public(merchant_slug text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'slug', m.slug,
    'name', m.name,
    'logo_url', case
      when exists (select 1 from storage.objects o where o.bucket_id = 'loghi' and o.name = m.slug || '.png')
      then m.slug || '.png'
    end
  )
  from app.merchants m
  where m.slug = lower(btrim(coalesce(merchant_public.merchant_slug, '')))
$$;

comment on function api.merchant_public(text) is
  'A merchant''s public face for its registration page: slug, name, logo_url (the logo''s object path in bucket loghi, null without a logo); null when unknown.';

create or replace function api.merchant_profile() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (
    select jsonb_build_object(
      'id', m.id, 'slug', m.slug, 'name', m.name, 'email', m.email, 'phone', m.phone,
      'website', m.website, 'code_prefix', m.code_prefix,
      'logo_url', case
        when exists (select 1 from storage.objects o where o.bucket_id = 'loghi' and o.name = m.slug || '.png')
        then m.slug || '.png'
      end
    )
    from app.merchants m where m.id = caller_merchant_id
  );
end
$$;
comment on function api.merchant_profile() is
  'Merchant only: the caller''s merchant record and logo_url (the logo''s object path in bucket loghi, null without a logo).';

create or replace function app_private.find_salons(search text)
returns table (slug text, name text, logo_url text)
language plpgsql stable security definer set search_path = ''
as $$
declare
  words text := btrim(coalesce(find_salons.search, ''));
begin
  if char_length(words) < 2 then
    raise sqlstate '22023' using message = 'Scrivi almeno 2 lettere del nome del centro';
  end if;
  perform app_private.require_max_length(words, 100, 'La ricerca');
  return query
    select m.slug, m.name,
           case
             when exists (select 1 from storage.objects o where o.bucket_id = 'loghi' and o.name = m.slug || '.png')
             then m.slug || '.png'
           end
      from app.merchants m
     where m.name ilike app_private.search_pattern(words) escape '\'
     -- Names that begin with the words first, then the alphabet.
     order by strpos(lower(m.name), lower(words)) = 1 desc, lower(m.name), m.slug
     limit 10;
end
$$;

comment on function api.find_salons(text) is
  'Anyone: up to 10 salons whose name contains the query (at least 2 characters, at most 100; % and _ match themselves), those starting with it first: slug, name, logo_url (the logo''s object path in bucket loghi, null without a logo).';

comment on function api.whoami() is
  'The caller: user id, e-mail, platform admin flag, the merchant it runs and its client memberships at every salon, each with the salon''s name and merchant_logo_url (the logo''s object path in bucket loghi).';

comment on function api.list_operators() is
  'Merchant only: its operators, oldest first, with image_url, the object path of each photo in bucket operatori (null when none).';
