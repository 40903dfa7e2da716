-- The registration form opened from a referral link (?ref=CODE) says who invited the visitor: only the
-- sponsor's first name and the initial of the next word ('Maria R.'), nothing else, and nothing for an
-- unknown code or an erased client.

create function app_private.sponsor_preview(merchant_slug text, sponsor_code text) returns text
language sql stable security definer set search_path = ''
as $$
  select nullif(concat_ws(' ', words[1], upper(left(words[2], 1)) || '.'), '')
    from app.clients c
    join app.merchants m on m.id = c.merchant_id
    cross join lateral regexp_split_to_array(btrim(c.name), '\s+') as words
   where m.slug = lower(btrim(coalesce(sponsor_preview.merchant_slug, '')))
     and c.code = upper(btrim(coalesce(sponsor_preview.sponsor_code, '')))
     and c.user_id is not null
$$;
comment on function app_private.sponsor_preview(text, text) is
  'The first name and initial of the client with this code at this merchant; null when unknown or erased.';
grant execute on function app_private.sponsor_preview(text, text) to anon, authenticated;

create function api.sponsor_preview(merchant_slug text, sponsor_code text) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'name', app_private.sponsor_preview(sponsor_preview.merchant_slug, sponsor_preview.sponsor_code)
  )
$$;
comment on function api.sponsor_preview(text, text) is
  'Anyone: {name} = first name and initial of the sponsor with this code at this merchant (null when '
  'unknown or erased), for the registration form opened from a referral link.';
grant execute on function api.sponsor_preview(text, text) to anon, authenticated;
