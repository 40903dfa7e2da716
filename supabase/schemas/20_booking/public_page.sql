-- A salon's public page (/{merchantSlug}): what anyone may read of it before registering, in one document.

-- Definer: anon reads no table; this returns only the public fields, named one by one (the allow-list
-- tests/db/booking/salon-public-page.test.ts holds it to).
create function app_private.salon_public_page(merchant_slug text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select app_private.merchant_public(m.slug) || jsonb_build_object(
    'address', m.address,
    'phone', m.phone,
    'opening_hours', coalesce((
      select jsonb_agg(jsonb_build_object('weekday', h.weekday, 'opens', to_char(h.opens, 'HH24:MI'),
                                          'closes', to_char(h.closes, 'HH24:MI')) order by h.weekday, h.opens)
        from app_private.effective_opening_hours(m.id) h), '[]'::jsonb),
    'closures', coalesce((
      select jsonb_agg(jsonb_build_object('day', to_char(c.day, 'YYYY-MM-DD'), 'reason', c.reason) order by c.day)
        from app.salon_closures c
       where c.merchant_id = m.id
         and c.day between (now() at time zone 'Europe/Rome')::date
                       and (now() at time zone 'Europe/Rome')::date + 90), '[]'::jsonb),
    'treatments', coalesce((
      select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'description', t.description,
                                          'duration_minutes', t.duration_minutes, 'price', t.price)
                       order by lower(t.name), t.id)
        from app.treatments t where t.merchant_id = m.id), '[]'::jsonb),
    'operators', coalesce((
      select jsonb_agg(jsonb_build_object('name', o.name,
                                          'image_url', app_private.operator_image_url(o.image_path))
                       order by lower(o.name), o.created_at)
        from app.operators o where o.merchant_id = m.id), '[]'::jsonb)
  )
  from app.merchants m
  where m.slug = lower(btrim(coalesce(salon_public_page.merchant_slug, '')))
$$;
grant execute on function app_private.salon_public_page(text) to anon, authenticated;

-- api.salon_public_page
create function api.salon_public_page(merchant_slug text) returns jsonb
language sql stable set search_path = ''
as $$
  select app_private.salon_public_page(salon_public_page.merchant_slug)
$$;
grant execute on function api.salon_public_page(text) to anon, authenticated;
comment on function api.salon_public_page(text) is
  'Anyone: a salon''s public page, null when unknown. Its public face (slug, name, logo_url as '
  'api.merchant_public), address, phone, opening_hours ({weekday 1-7, opens, closes}, 09:00-19:00 every '
  'day when the salon set none), closures of the next 90 days ({day, reason}), treatments ({id, name, '
  'description, duration_minutes, price}) and operators ({name, image_url}, the photo''s object path in '
  'bucket operatori).';
