-- Finding one's salon from the home page: a customer on her first visit types part of the salon's
-- name and gets the salons whose name matches, each with the public face its registration page shows
-- anyway (slug, name, logo), nothing else of app.merchants.

-- ============================================================================
-- app_private.find_salons (definer: anonymous visitors may read the names of salons, as their public
-- pages do, but not app.merchants itself)
-- ============================================================================
create function app_private.find_salons(search text)
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
             then '/storage/v1/object/public/loghi/' || m.slug || '.png'
           end
      from app.merchants m
     where m.name ilike app_private.search_pattern(words) escape '\'
     -- Names that begin with the words first, then the alphabet.
     order by strpos(lower(m.name), lower(words)) = 1 desc, lower(m.name), m.slug
     limit 10;
end
$$;

grant execute on function app_private.find_salons(text) to anon, authenticated;

-- ============================================================================
-- api.find_salons
-- ============================================================================
create function api.find_salons(query text)
returns table (slug text, name text, logo_url text)
language sql stable set search_path = ''
as $$
  select s.slug, s.name, s.logo_url from app_private.find_salons(find_salons.query) s
$$;
comment on function api.find_salons(text) is
  'Anyone: up to 10 salons whose name contains the query (at least 2 characters, at most 100; % and _ match themselves), those starting with it first: slug, name, logo_url (null without a logo).';
grant execute on function api.find_salons(text) to anon, authenticated;
