-- WhatsApp in one tap and the reminder's fate: api.reservation_whatsapp writes the wa.me link of the message
-- a reservation calls for (the client's phone in E.164), app_private.reminder_status reads whether its
-- reminder went out; inbox rows and calendar appointments carry both as whatsapp and reminder.

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

-- The link a salon taps for one of its reservations: {kind, url, phone} or {kind, missing_reason}.
-- Definer: the facts come from app_private.reservation_notice, the service role's; every caller passes a
-- reservation it has already read as its salon.
create function app_private.reservation_whatsapp(reservation app.reservations) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('kind', app_private.whatsapp_kind(reservation))
         || app_private.whatsapp_link(
              c.phone,
              app_private.whatsapp_text(app_private.whatsapp_kind(reservation),
                                        app_private.reservation_notice(reservation)))
    from app.clients c
   where c.id = reservation.client_id and c.merchant_id = reservation.merchant_id
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

-- Whether an appointment's reminder went out, read from the outbox the salon cannot read otherwise.

-- Definer: app.notification_outbox is the service role's; this reads the reminder rows of one of the caller's
-- own reservations only.
create function app_private.reminder_status(reservation_id uuid) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
           'channel', n.channel,
           'status', case when n.sent_at is not null then 'sent'
                          when n.attempts >= app_private.notification_max_attempts() then 'failed'
                          when n.last_error is not null then 'retrying'
                          else 'scheduled' end,
           'error', case when n.sent_at is null then n.last_error end,
           'send_after', n.send_after,
           'sent_at', n.sent_at)
    from app.notification_outbox n
    join app.reservations r on r.id = n.reservation_id
   where n.reservation_id = reminder_status.reservation_id and n.kind = 'reminder'
     and r.merchant_id = app_private.current_merchant_id()
   order by n.send_after desc, n.created_at desc
   limit 1
$$;
grant execute on function app_private.reminder_status(uuid) to authenticated, service_role;
comment on function app_private.reminder_status(uuid) is
  'The caller''s appointment''s reminder: {channel, status sent|failed (no attempt left)|retrying|scheduled, '
  'error (the last failure while unsent), send_after, sent_at}; null without a reminder.';

-- The inbox and the calendar carry them
create or replace function api.merchant_reservations_page(
  section text default null,
  after text default null,
  page_size integer default 20
) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  wanted text := nullif(btrim(coalesce(merchant_reservations_page.section, '')), '');
  wanted_section integer;
  size integer := coalesce(merchant_reservations_page.page_size, 20);
  after_section integer;
  after_key bigint;
  after_id uuid;
  chosen_ids uuid[] := '{}';
  chosen_ranks integer[] := '{}';
  chosen_keys bigint[] := '{}';
  row_found record;
  page jsonb[];
begin
  if wanted is not null then
    wanted_section := case wanted when 'to_answer' then 0 when 'upcoming' then 1 when 'history' then 2 end;
    if wanted_section is null then
      raise sqlstate 'P0001' using message = 'Filtro non valido: usa to_answer, upcoming o history';
    end if;
  end if;
  if size < 1 or size > 100 then
    raise sqlstate 'P0001' using message = 'Una pagina contiene da 1 a 100 prenotazioni';
  end if;
  if merchant_reservations_page.after is not null then
    begin
      if merchant_reservations_page.after !~ '^[012]:-?[0-9]{1,19}:[0-9a-f-]{36}$' then
        raise sqlstate 'P0001';
      end if;
      after_section := split_part(merchant_reservations_page.after, ':', 1)::integer;
      after_key := split_part(merchant_reservations_page.after, ':', 2)::bigint;
      after_id := split_part(merchant_reservations_page.after, ':', 3)::uuid;
    exception when others then
      raise sqlstate 'P0001' using message = 'Pagina non valida: ricarica l''elenco';
    end;
  end if;

  -- Section by section (one, or the three in order), from the key on, until the page and one more.
  for section_number in coalesce(wanted_section, 0) .. coalesce(wanted_section, 2) loop
    continue when after_section is not null and section_number < after_section;
    for row_found in
      select s.id, s.section_rank, s.sort_key
        from app_private.inbox_section_ids(
               caller_merchant_id, section_number,
               case when section_number = after_section then after_key end,
               case when section_number = after_section then after_id end,
               size + 1 - cardinality(chosen_ids)) s
    loop
      chosen_ids := chosen_ids || row_found.id;
      chosen_ranks := chosen_ranks || row_found.section_rank;
      chosen_keys := chosen_keys || row_found.sort_key;
    end loop;
    exit when cardinality(chosen_ids) > size;
  end loop;

  select array_agg(
           jsonb_build_object(
             'id', v.id, 'client_id', v.client_id, 'client_name', v.client_name, 'client_code', v.client_code,
             'treatment_id', v.treatment_id, 'treatment_name', v.treatment_name,
             'operator_id', v.operator_id, 'operator_name', v.operator_name, 'date', v.date, 'time', v."time",
             'duration_minutes', v.duration_minutes, 'status', v.status, 'notes', v.notes,
             'starts_at', v.starts_at, 'ends_at', v.ends_at, 'created_at', v.created_at,
             'updated_at', v.updated_at,
             'actions', app_private.reservation_actions(v.status, v.starts_at, v.merchant_id, true),
             'slot_taken', c.section_rank = 0 and app_private.slot_already_taken(
                             v.merchant_id, v.treatment_id, v.operator_id, v.starts_at, v.ends_at, v.id),
             'whatsapp', app_private.reservation_whatsapp(r),
             'reminder', app_private.reminder_status(v.id))
           order by c.position)
    into page
    from unnest(chosen_ids, chosen_ranks) with ordinality as c (id, section_rank, position)
    join app.reservation_rows v on v.id = c.id
    join app.reservations r on r.id = c.id;

  return jsonb_build_object(
    'reservations', coalesce(to_jsonb(page[1:size]), '[]'::jsonb),
    'next', case when cardinality(chosen_ids) > size
              then chosen_ranks[size] || ':' || chosen_keys[size] || ':' || chosen_ids[size] end);
end
$$;
grant execute on function api.merchant_reservations_page(text, text, integer) to authenticated;
comment on function api.merchant_reservations_page(text, text, integer) is
  'Merchant only: one page ({reservations, next}) of its reservations. section: to_answer (requests '
  'still pending, soonest first, slot_taken when confirmed appointments already fill their slot), upcoming '
  '(confirmed or modified, not ended, soonest first), history (the rest, latest first), or null for all '
  'three in that order. after: the previous page''s next; page_size 1-100 (default 20). Each row has the '
  'fields of api.reservation_row, actions included, whatsapp (api.reservation_whatsapp) and reminder '
  '(app_private.reminder_status, null without one).';

create or replace function api.merchant_calendar(from_day date default null, day_count integer default 7)
returns jsonb
language plpgsql stable set search_path = '' set jit = off
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  today date := app_private.rome_today();
  first_day date := coalesce(merchant_calendar.from_day, today);
  shown_days integer := coalesce(merchant_calendar.day_count, 7);
  last_day date;
  hours_shown record;
begin
  if shown_days < 1 or shown_days > 7 then
    raise sqlstate '22023' using message = 'Il calendario mostra da 1 a 7 giorni';
  end if;
  if first_day < today - 366 or first_day > today + 366 then
    raise sqlstate '22023' using message = 'Scegli un giorno entro un anno da oggi';
  end if;
  last_day := first_day + shown_days - 1;
  hours_shown := app_private.calendar_hours(caller_merchant_id, first_day, last_day);

  return (
    with days as (
      select first_day + n as day from generate_series(0, shown_days - 1) as n
    ), operators as (
      select o.id, o.name, o.created_at from app.operators o where o.merchant_id = caller_merchant_id
    ), appointments as (
      select v.*, c.phone as client_phone, app_private.reservation_whatsapp(r) as whatsapp,
             app_private.reminder_status(v.id) as reminder,
             (extract(epoch from (v.starts_at at time zone 'Europe/Rome')::time) / 60)::integer
               - hours_shown.first_minute as offset_minutes
        from app.reservation_rows v
        join app.clients c on c.id = v.client_id
        join app.reservations r on r.id = v.id
       where v.merchant_id = caller_merchant_id
         and v.status = 'confermata'
         and v.starts_at >= first_day::timestamp at time zone 'Europe/Rome'
         and v.starts_at < (last_day + 1)::timestamp at time zone 'Europe/Rome'
    ), slots as materialized (
      select days.day, m.minute,
             (days.day + make_interval(mins => m.minute)) at time zone 'Europe/Rome' as starts_at
        from days, generate_series(hours_shown.first_minute, hours_shown.last_minute - 15, 15) as m(minute)
    ), salon_slots as materialized (
      select s.*, app_private.salon_open(caller_merchant_id, s.starts_at, s.starts_at + interval '15 minutes')
                    as open
        from slots s
    ), operator_slots as (
      select s.day, s.minute, o.id as operator_id,
             case when not s.open then 'closed'
                  when not app_private.operator_available(o.id, s.starts_at, s.starts_at + interval '15 minutes')
                  then 'away' end as kind
        from salon_slots s cross join operators o
    ), islands as (
      select os.day, os.operator_id, os.kind, os.minute,
             os.minute - 15 * row_number() over (partition by os.day, os.operator_id, os.kind order by os.minute)
               as island
        from operator_slots os
       where os.kind is not null
    ), shaded as (
      select i.day, i.operator_id, i.kind, min(i.minute) - hours_shown.first_minute as from_minutes,
             max(i.minute) + 15 - hours_shown.first_minute as to_minutes
        from islands i
       group by i.day, i.operator_id, i.kind, i.island
    )
    select jsonb_build_object(
      'today', to_char(today, 'YYYY-MM-DD'),
      'from_day', to_char(first_day, 'YYYY-MM-DD'),
      'previous_from_day', to_char(first_day - shown_days, 'YYYY-MM-DD'),
      'next_from_day', to_char(first_day + shown_days, 'YYYY-MM-DD'),
      'slot_minutes', 15,
      'slots', (select jsonb_agg(to_char(make_time(m / 60, m % 60, 0), 'HH24:MI') order by m)
                  from generate_series(hours_shown.first_minute, hours_shown.last_minute - 15, 15) as m),
      'operators', coalesce((
        select jsonb_agg(jsonb_build_object('id', o.id, 'name', o.name) order by o.created_at, o.id)
          from operators o), '[]'::jsonb)
        || case when exists (select 1 from appointments a where a.operator_id is null)
                then jsonb_build_array(jsonb_build_object('id', null, 'name', 'Senza operatore'))
                else '[]'::jsonb end,
      'days', (
        select jsonb_agg(jsonb_build_object(
                 'date', to_char(d.day, 'YYYY-MM-DD'),
                 'closed', not exists (select 1 from salon_slots s where s.day = d.day and s.open),
                 'shaded', coalesce((
                   select jsonb_agg(jsonb_build_object('operator_id', s.operator_id, 'kind', s.kind,
                                                       'from_minutes', s.from_minutes, 'to_minutes', s.to_minutes)
                                    order by s.operator_id, s.from_minutes)
                     from shaded s where s.day = d.day), '[]'::jsonb),
                 'appointments', coalesce((
                   select jsonb_agg(jsonb_build_object(
                            'id', a.id, 'client_name', a.client_name, 'client_code', a.client_code,
                            'client_phone', a.client_phone, 'treatment_name', a.treatment_name,
                            'operator_id', a.operator_id, 'operator_name', a.operator_name,
                            'time', a."time",
                            'ends', to_char(a.ends_at at time zone 'Europe/Rome', 'HH24:MI'),
                            'duration_minutes', a.duration_minutes, 'notes', a.notes, 'status', a.status,
                            'starts_at', a.starts_at, 'ends_at', a.ends_at,
                            'actions', app_private.reservation_actions(a.status, a.starts_at, a.merchant_id, true),
                            'offset_minutes', a.offset_minutes, 'length_minutes', a.duration_minutes,
                            'whatsapp', a.whatsapp, 'reminder', a.reminder)
                          order by a.starts_at, a.operator_name, a.id)
                     from appointments a where a.date = to_char(d.day, 'YYYY-MM-DD')), '[]'::jsonb))
               order by d.day)
          from days d)
    )
  );
end
$$;
grant execute on function api.merchant_calendar(date, integer) to authenticated;
comment on function api.merchant_calendar(date, integer) is
  'Merchant only: its calendar for day_count days (1-7, default 7) from from_day (default today, within a '
  'year of today): today, previous_from_day and next_from_day (one page back and on), slot_minutes (15), '
  'slots (the grid''s rows, ''HH:MM'', whole hours covering the booking grid, opening hours and '
  'appointments), operators (plus ''Senza operatore'' when an appointment has none), and per day: date, '
  'closed (no slot open), shaded ({operator_id, kind closed|away, from_minutes, to_minutes} from the first '
  'row) and its confirmed appointments with client_phone, ends, actions, offset_minutes from the first row, '
  'length_minutes, whatsapp (api.reservation_whatsapp) and reminder (app_private.reminder_status).';
