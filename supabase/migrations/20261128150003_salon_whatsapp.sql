-- "Scrivi al salone": a customer's wa.me link to her salon's number, the message begun with both names.

create function api.salon_whatsapp(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(salon_whatsapp.merchant_slug);
begin
  return (select app_private.whatsapp_link(m.phone, 'Ciao ' || m.name || ', sono ' || c.name || '. ')
            from app.clients c join app.merchants m on m.id = c.merchant_id
           where c.id = caller_client_id);
end
$$;
grant execute on function api.salon_whatsapp(text) to authenticated;
comment on function api.salon_whatsapp(text) is
  'Client only: the wa.me link to write to its salon ({url, phone}, the message begun with both names), or '
  '{missing_reason} when the salon''s phone is not a valid number.';
