-- WhatsApp in one tap: the salon writes to a customer from its own phone through a wa.me link whose text
-- the database writes once, from the same facts as the e-mails (app_private.reservation_notice).

-- A text as a URL query value (RFC 3986 unreserved characters kept, every other UTF-8 byte %XX).
create function app_private.url_encoded(value text) returns text
language sql immutable set search_path = ''
as $$
  select coalesce(string_agg(
           case when b.byte < 128 and chr(b.byte) ~ '^[A-Za-z0-9._~-]$' then chr(b.byte)
                else '%' || upper(lpad(to_hex(b.byte), 2, '0')) end, '' order by b.position), '')
    from (select p.position, get_byte(bytes.value, p.position) as byte
            from (select convert_to(coalesce(url_encoded.value, ''), 'UTF8') as value) as bytes,
                 generate_series(0, octet_length(bytes.value) - 1) as p(position)) as b
$$;
grant execute on function app_private.url_encoded(text) to authenticated, service_role;

-- {url, phone} to open WhatsApp on a number with a text, or {missing_reason} when the number cannot be used.
create function app_private.whatsapp_link(phone text, message text) returns jsonb
language sql immutable set search_path = ''
as $$
  select case
    when nullif(btrim(coalesce(whatsapp_link.phone, '')), '') is null
      then jsonb_build_object('missing_reason', 'Numero di telefono mancante')
    when app_private.normalized_phone(whatsapp_link.phone) is null
      then jsonb_build_object('missing_reason', 'Numero di telefono non valido')
    else jsonb_build_object(
      'phone', app_private.normalized_phone(whatsapp_link.phone),
      'url', 'https://wa.me/' || substr(app_private.normalized_phone(whatsapp_link.phone), 2)
             || '?text=' || app_private.url_encoded(whatsapp_link.message))
  end
$$;
grant execute on function app_private.whatsapp_link(text, text) to authenticated, service_role;

-- Which message a reservation calls for now: the answer its status gave, or for a confirmed appointment the
-- confirmation, the day before the reminder, on the day "ti aspettiamo".
create function app_private.whatsapp_kind(reservation app.reservations) returns text
language sql stable set search_path = ''
as $$
  select case reservation.status
    when 'in attesa' then 'request'
    when 'modificata' then 'change_proposed'
    when 'rifiutata' then 'rejection'
    when 'annullata' then 'cancellation'
    else case (reservation.starts_at at time zone 'Europe/Rome')::date - app_private.rome_today()
           when 0 then 'waiting'
           when 1 then 'reminder'
           else 'confirmation' end
  end
$$;
grant execute on function app_private.whatsapp_kind(app.reservations) to authenticated, service_role;

create function app_private.whatsapp_text(kind text, notice jsonb) returns text
language sql immutable set search_path = ''
as $$
  select 'Ciao ' || (notice ->> 'client_name') || ', '
    || case whatsapp_text.kind
         when 'request' then 'ti scriviamo da ' || salon || ' per la tua richiesta: ' || facts || '.'
         when 'confirmation' then 'il tuo appuntamento da ' || salon || ' è confermato: ' || facts || place
                                  || '. Ti aspettiamo!'
         when 'reminder' then 'ti ricordiamo il tuo appuntamento da ' || salon || ': ' || facts || place
                              || '. Se non puoi venire, avvisaci.'
         when 'waiting' then 'ti aspettiamo oggi alle ' || (notice ->> 'time') || ' da ' || salon || ' per '
                             || (notice ->> 'treatment') || ' con ' || (notice ->> 'operator') || place || '.'
         when 'change_proposed' then salon || ' ti propone un nuovo orario: ' || facts || note_line
                                     || ' Puoi accettarlo o rifiutarlo nell''app.'
         when 'rejection' then 'purtroppo ' || salon || ' non può accogliere la tua richiesta: ' || facts
                               || '.' || reason_line
         when 'cancellation' then 'il tuo appuntamento da ' || salon || ' è stato annullato: ' || facts || '.'
                                  || reason_line
       end
    from (select notice ->> 'salon_name' as salon,
                 (notice ->> 'treatment') || ' con ' || (notice ->> 'operator') || ', ' || (notice ->> 'date')
                   || ' alle ' || (notice ->> 'time') as facts,
                 case when notice ->> 'salon_address' <> '' then ', in ' || (notice ->> 'salon_address')
                      else '' end as place,
                 case when btrim(coalesce(notice ->> 'notes', '')) <> ''
                      then '. Nota: ' || btrim(notice ->> 'notes') || '.' else '.' end as note_line,
                 case when btrim(coalesce(notice ->> 'notes', '')) <> ''
                      then ' Motivo: ' || btrim(notice ->> 'notes') else '' end as reason_line) as parts
$$;
grant execute on function app_private.whatsapp_text(text, jsonb) to authenticated, service_role;

-- The links a salon taps for its reservations among these: {kind, url, phone} or {kind, missing_reason} each,
-- in one pass. Definer: the facts come from app_private.reservation_notice, the service role's; only the
-- caller's salon's reservations are read.
create function app_private.reservations_whatsapp(reservation_ids uuid[])
returns table (reservation_id uuid, whatsapp jsonb)
language sql stable security definer set search_path = ''
as $$
  select r.id,
         jsonb_build_object('kind', k.kind)
         || app_private.whatsapp_link(c.phone,
                                      app_private.whatsapp_text(k.kind, app_private.reservation_notice(r)))
    from app.reservations r
    join app.clients c on c.id = r.client_id and c.merchant_id = r.merchant_id
    cross join lateral (select app_private.whatsapp_kind(r) as kind offset 0) as k
   where r.id = any (reservations_whatsapp.reservation_ids)
     and r.merchant_id = (select app_private.current_merchant_id())
$$;
grant execute on function app_private.reservations_whatsapp(uuid[]) to authenticated, service_role;

-- The link for one reservation the caller has read as its salon.
create function app_private.reservation_whatsapp(reservation app.reservations) returns jsonb
language sql stable set search_path = ''
as $$
  select w.whatsapp from app_private.reservations_whatsapp(array[reservation.id]) w
$$;
grant execute on function app_private.reservation_whatsapp(app.reservations) to authenticated, service_role;

create function api.reservation_whatsapp(reservation_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return app_private.reservation_whatsapp(
    app_private.merchant_reservation(reservation_whatsapp.reservation_id, caller_merchant_id));
end
$$;
grant execute on function api.reservation_whatsapp(uuid) to authenticated;
comment on function api.reservation_whatsapp(uuid) is
  'Merchant only: the WhatsApp message its reservation calls for now ({kind request|confirmation|reminder|'
  'waiting|change_proposed|rejection|cancellation, url https://wa.me/<E.164 without +>?text=..., phone}), or '
  '{kind, missing_reason} when the client''s phone is missing or invalid; another salon''s reservation is '
  '''Prenotazione non trovata''. Inbox rows and calendar appointments carry the same object as whatsapp.';

-- "Scrivi al salone": the customer's side, on the salon's number.
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

-- A client's card on Clienti: a greeting from the salon.
create function app_private.client_whatsapp(client_name text, client_phone text, salon_name text) returns jsonb
language sql immutable set search_path = ''
as $$
  select app_private.whatsapp_link(
    client_whatsapp.client_phone,
    'Ciao ' || client_whatsapp.client_name || ', ti scriviamo da ' || client_whatsapp.salon_name || '. ')
$$;
grant execute on function app_private.client_whatsapp(text, text, text) to authenticated, service_role;
