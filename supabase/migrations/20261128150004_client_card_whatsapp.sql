-- Clienti: each client's card carries the wa.me link of a greeting from the salon.

-- A client's card on Clienti: a greeting from the salon.
create function app_private.client_whatsapp(client_name text, client_phone text, salon_name text) returns jsonb
language sql immutable set search_path = ''
as $$
  select app_private.whatsapp_link(
    client_whatsapp.client_phone,
    'Ciao ' || client_whatsapp.client_name || ', ti scriviamo da ' || client_whatsapp.salon_name || '. ')
$$;
grant execute on function app_private.client_whatsapp(text, text, text) to authenticated, service_role;

create or replace function api.merchant_clients(search text default null, page integer default 1, page_size integer default 10)
returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pattern text := app_private.search_pattern(merchant_clients.search);
  salon_name text := (select m.name from app.merchants m where m.id = caller_merchant_id);
  result jsonb;
begin
  perform app_private.check_page(merchant_clients.page, merchant_clients.page_size);
  with matching as (
    select c.id, c.code, c.name, c.email, c.phone, c.sponsor_id, c.available_credit, c.created_at
      from app.clients c
     where c.merchant_id = caller_merchant_id
       and (pattern is null
            or lower(c.name) like pattern or lower(c.code) like pattern
            or lower(c.email) like pattern or lower(coalesce(c.phone, '')) like pattern)
  ),
  page_rows as (
    select mc.*, s.code as sponsor_code
      from matching mc
      left join app.clients s on s.id = mc.sponsor_id
     order by mc.created_at desc, mc.code desc
     limit merchant_clients.page_size offset (merchant_clients.page - 1) * merchant_clients.page_size
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'clients', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'code', p.code, 'name', p.name, 'email', p.email, 'phone', p.phone,
               'sponsor_code', p.sponsor_code, 'available_credit', p.available_credit, 'created_at', p.created_at,
               'whatsapp', app_private.client_whatsapp(p.name, p.phone, salon_name)
             ) order by p.created_at desc, p.code desc)
        from page_rows p
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
grant execute on function api.merchant_clients(text, integer, integer) to authenticated;
comment on function api.merchant_clients(text, integer, integer) is
  'Merchant only: its clients, newest first, one page at a time; search matches name, code, e-mail or phone. '
  'Each has whatsapp: the wa.me link of a greeting from the salon, or {missing_reason}.';
