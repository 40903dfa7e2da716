-- The booking dialogs are opened with the client's id alone and read her name here.

create function api.bookable_client(client_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  perform app_private.series_client(bookable_client.client_id, caller_merchant_id);
  return (select jsonb_build_object('id', c.id, 'name', c.name, 'code', c.code)
            from app.clients c where c.id = bookable_client.client_id);
end
$$;
grant execute on function api.bookable_client(uuid) to authenticated;
comment on function api.bookable_client(uuid) is
  'Merchant only: its client who may still be booked (not erased), {id, name, code}, for the booking dialogs '
  'opened with the client''s id alone; ''Cliente non trovato'' otherwise.';
