-- One person, several salons: whoami lists each membership with its salon's logo, so the client
-- area can show which salon it is about and offer the others.
create or replace function api.whoami() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    return jsonb_build_object('user_id', null, 'email', null, 'is_platform_admin', false,
                              'merchant', null, 'clients', '[]'::jsonb);
  end if;
  return jsonb_build_object(
    'user_id', caller,
    'email', auth.jwt() ->> 'email',
    'is_platform_admin', app_private.is_platform_admin(),
    'merchant', (
      select jsonb_build_object('id', m.id, 'slug', m.slug, 'name', m.name)
        from app.merchants m where m.user_id = caller
    ),
    'clients', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', c.id, 'code', c.code, 'merchant_slug', m.slug, 'merchant_name', m.name, 'name', c.name,
               'merchant_logo_url', app_private.merchant_public(m.slug) ->> 'logo_url'
             ) order by c.created_at, c.code)
        from app.clients c
        join app.merchants m on m.id = c.merchant_id
       where c.user_id = caller
    ), '[]'::jsonb)
  );
end
$$;
comment on function api.whoami() is
  'The caller: user id, e-mail, platform admin flag, the merchant it runs and its client memberships at every salon, each with the salon''s name and logo_url.';
grant execute on function api.whoami() to anon, authenticated;
