-- The visit together with the day's rules: the functions both the visit and main's changes (WhatsApp links,
-- reminder status, channels, open-request limit, second reminder) rewrote, as in supabase/schemas.

create or replace function api.booking_settings() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select jsonb_build_object(
                   'cancellation_notice_hours', m.cancellation_notice_hours,
                   'address', m.address,
                   'new_request_emails', m.new_request_emails,
                   'reminder_emails', m.reminder_emails,
                   'max_open_requests', m.max_open_requests,
                   'second_reminder_emails', m.second_reminder_emails,
                   'no_show_alert_threshold', m.no_show_alert_threshold)
            from app.merchants m where m.id = caller_merchant_id);
end
$$;
comment on function api.booking_settings() is
  'Merchant only: its booking settings (cancellation_notice_hours, address, new_request_emails, '
  'reminder_emails, max_open_requests, second_reminder_emails, no_show_alert_threshold).';

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
         and v.status in ('confermata', 'completata', 'non presentata')
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
comment on function api.merchant_calendar(date, integer) is
  'Merchant only: its calendar for day_count days (1-7, default 7) from from_day (default today, within a '
  'year of today): today, previous_from_day and next_from_day (one page back and on), slot_minutes (15), '
  'slots (the grid''s rows, ''HH:MM'', whole hours covering the booking grid, opening hours and '
  'appointments), operators (plus ''Senza operatore'' when an appointment has none), and per day: date, '
  'closed (no slot open), shaded ({operator_id, kind closed|away, from_minutes, to_minutes} from the first '
  'row) and its confirmed appointments (and visits marked completata or non presentata) with client_phone, '
  'ends, actions, offset_minutes from the first row, length_minutes, whatsapp (api.reservation_whatsapp) '
  'and reminder (app_private.reminder_status).';

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
    select c.id, c.code, c.name, c.email, c.phone, c.sponsor_id, c.available_credit, c.erased_at, c.created_at
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
               'sponsor_code', p.sponsor_code, 'created_at', p.created_at,
               'available_credit', case when p.erased_at is null then p.available_credit end,
               'channels', (select app_private.client_channels(k) from app.clients k where k.id = p.id),
               'whatsapp', app_private.client_whatsapp(p.name, p.phone, salon_name),
               'completed_visits', visits.completed, 'no_shows', visits.no_shows
             ) order by p.created_at desc, p.code desc)
        from page_rows p
        cross join lateral app_private.client_visit_counts(p.id) visits
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
comment on function api.merchant_clients(text, integer, integer) is
  'Merchant only: its clients, newest first, one page at a time; search matches name, code, e-mail or phone. '
  'An erased client has no credit (available_credit null). Each has whatsapp: the wa.me link of a greeting '
  'from the salon, or {missing_reason}. completed_visits and no_shows count her appointments marked '
  '''completata'' and ''non presentata''.';

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
             'client_completed_visits', visits.completed,
             'client_no_shows', visits.no_shows,
             'often_missed', visits.no_shows >= salon.no_show_alert_threshold,
             'whatsapp', app_private.reservation_whatsapp(r),
             'reminder', app_private.reminder_status(v.id))
           order by c.position)
    into page
    from unnest(chosen_ids, chosen_ranks) with ordinality as c (id, section_rank, position)
    join app.reservation_rows v on v.id = c.id
    join app.reservations r on r.id = c.id
    join app.merchants salon on salon.id = v.merchant_id
    cross join lateral app_private.client_visit_counts(v.client_id) visits;

  return jsonb_build_object(
    'reservations', coalesce(to_jsonb(page[1:size]), '[]'::jsonb),
    'next', case when cardinality(chosen_ids) > size
              then chosen_ranks[size] || ':' || chosen_keys[size] || ':' || chosen_ids[size] end);
end
$$;
comment on function api.merchant_reservations_page(text, text, integer) is
  'Merchant only: one page ({reservations, next}) of its reservations. section: to_answer (requests '
  'still pending, soonest first, slot_taken when confirmed appointments already fill their slot), upcoming '
  '(confirmed or modified, not ended, soonest first), history (the rest, latest first), or null for all '
  'three in that order. after: the previous page''s next; page_size 1-100 (default 20). Each row has the '
  'fields of api.reservation_row, actions included, whatsapp (api.reservation_whatsapp), reminder '
  '(app_private.reminder_status, null without one), and the client''s client_completed_visits and '
  'client_no_shows, often_missed when these reach the salon''s no_show_alert_threshold.';
