-- The customer's next appointment, decided in SQL: the earliest of its reservations at the salon that
-- is still to come and may take place ('in attesa', 'modificata' or 'confermata'). The app keeps it on
-- the device for the offline screen; it used to pick it in the browser from every reservation.

create function api.client_next_appointment(merchant_slug text)
returns setof api.reservation_row
language sql stable set search_path = ''
as $$
  select r.*
    from api.client_reservations(client_next_appointment.merchant_slug) as r
   where r.status in ('in attesa', 'modificata', 'confermata')
     and r.starts_at > now()
   order by r.starts_at, r.created_at desc, r.id
   limit 1
$$;
comment on function api.client_next_appointment(text) is
  'Client only: its next appointment at the salon (zero or one api.reservation_row): the earliest '
  'reservation not yet started that is ''in attesa'', ''modificata'' or ''confermata''.';
grant execute on function api.client_next_appointment(text) to authenticated;
