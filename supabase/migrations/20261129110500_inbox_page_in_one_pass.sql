-- Prenotazioni's page in one pass: its rows' clients' visit counts, WhatsApp links and reminders are each
-- read for the whole page at once (app_private.client_visit_counts_of, reservations_whatsapp,
-- reminder_statuses; the one-row functions now read through them), the upcoming section is found by its
-- appointments' end, and history is the complement of the other two sections, written where they are
-- (app_private.inbox_section, its only user gone, is dropped). Same results; a page of 20 ran 330-1,040
-- statements, each row's nested functions planned again.

create or replace function app_private.client_visit_counts_of(client_ids uuid[])
returns table (client_id uuid, completed integer, no_shows integer)
language sql stable set search_path = ''
as $$
  select c.id, (count(r.id) filter (where r.status = 'completata'))::integer,
         (count(r.id) filter (where r.status = 'non presentata'))::integer
    from (select distinct u.id from unnest(client_visit_counts_of.client_ids) as u (id)) as c
    left join app.reservations r on r.client_id = c.id
   group by c.id
$$;
grant execute on function app_private.client_visit_counts_of(uuid[]) to authenticated, service_role;

create or replace function app_private.client_visit_counts(client_id uuid, out completed integer, out no_shows integer)
language sql stable set search_path = ''
as $$
  select v.completed, v.no_shows from app_private.client_visit_counts_of(array[client_visit_counts.client_id]) v
$$;

create or replace function app_private.reminder_statuses(reservation_ids uuid[])
returns table (reservation_id uuid, reminder jsonb)
language sql stable security definer set search_path = ''
as $$
  select distinct on (n.reservation_id)
         n.reservation_id,
         jsonb_build_object(
           'channel', n.channel,
           'status', case when n.sent_at is not null then 'sent'
                          when n.attempts >= app_private.notification_max_attempts() then 'failed'
                          when n.last_error is not null then 'retrying'
                          else 'scheduled' end,
           'error', case when n.sent_at is null then n.last_error end,
           'send_after', n.send_after,
           'sent_at', n.sent_at,
           'hours_before', case when n.payload ? 'second_reminder' then 2 else 24 end)
    from app.notification_outbox n
    join app.reservations r on r.id = n.reservation_id
   where n.reservation_id = any (reminder_statuses.reservation_ids) and n.kind = 'reminder'
     and r.merchant_id = (select app_private.current_merchant_id())
   -- The latest reminder tried, else the next one to send.
   order by n.reservation_id, (n.attempts > 0) desc, case when n.attempts > 0 then n.send_after end desc,
            n.send_after
$$;
grant execute on function app_private.reminder_statuses(uuid[]) to authenticated, service_role;
comment on function app_private.reminder_statuses(uuid[]) is
  'The reminder of each of the caller''s appointments among these (app_private.reminder_status), in one '
  'pass; none for an appointment without a reminder.';

create or replace function app_private.reminder_status(reservation_id uuid) returns jsonb
language sql stable set search_path = ''
as $$
  select s.reminder from app_private.reminder_statuses(array[reminder_status.reservation_id]) s
$$;

create or replace function app_private.reservations_whatsapp(reservation_ids uuid[])
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

create or replace function app_private.reservation_whatsapp(reservation app.reservations) returns jsonb
language sql stable set search_path = ''
as $$
  select w.whatsapp from app_private.reservations_whatsapp(array[reservation.id]) w
$$;

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

  -- The page's rows in one statement: their clients' visit counts, WhatsApp links and reminders each read
  -- for the whole page at once, not row by row.
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
             'whatsapp', links.whatsapp,
             'reminder', reminders.reminder)
           order by c.position)
    into page
    from unnest(chosen_ids[1:size], chosen_ranks[1:size]) with ordinality as c (id, section_rank, position)
    join app.reservation_rows v on v.id = c.id
    join app.merchants salon on salon.id = v.merchant_id
    join app_private.client_visit_counts_of(
           array(select r.client_id from app.reservations r where r.id = any (chosen_ids[1:size]))) visits
      on visits.client_id = v.client_id
    left join app_private.reservations_whatsapp(chosen_ids[1:size]) links on links.reservation_id = c.id
    left join app_private.reminder_statuses(chosen_ids[1:size]) reminders on reminders.reservation_id = c.id;

  return jsonb_build_object(
    'reservations', coalesce(to_jsonb(page), '[]'::jsonb),
    'next', case when cardinality(chosen_ids) > size
              then chosen_ranks[size] || ':' || chosen_keys[size] || ':' || chosen_ids[size] end,
    'pending', api.merchant_pending_count());
end
$$;

create or replace function app_private.inbox_section_ids(
  merchant_id uuid,
  section integer,
  after_key bigint,
  after_id uuid,
  wanted integer
) returns table (id uuid, section_rank integer, sort_key bigint)
language plpgsql stable set search_path = ''
as $$
declare
  -- The key's instant, to start the index scan there; the exact key is compared on (key, id).
  after_instant timestamptz := to_timestamp(abs(inbox_section_ids.after_key) / 1000000.0);
begin
  if inbox_section_ids.section = 0 then
    -- To answer: requests still pending, soonest first.
    return query
      select r.id, 0, (extract(epoch from r.starts_at) * 1000000)::bigint
        from app.reservations r
       where r.merchant_id = inbox_section_ids.merchant_id
         and r.status = 'in attesa' and r.starts_at > now()
         and (inbox_section_ids.after_key is null
              or (r.starts_at >= after_instant - interval '1 second'
                  and ((extract(epoch from r.starts_at) * 1000000)::bigint, r.id)
                      > (inbox_section_ids.after_key, inbox_section_ids.after_id)))
       order by r.starts_at, r.id
       limit inbox_section_ids.wanted;
  elsif inbox_section_ids.section = 1 then
    -- Upcoming: confirmed, or changed and not yet started, until they end; soonest first. Found by their
    -- end (reservations_merchant_upcoming_ends_at_idx): walked by start, the salon's whole past comes first.
    return query
      with upcoming as materialized (
        select r.id, r.starts_at
          from app.reservations r
         where r.merchant_id = inbox_section_ids.merchant_id
           and r.status in ('confermata', 'modificata') and r.ends_at > now()
           and (r.status = 'confermata' or r.starts_at > now())
      )
      select u.id, 1, (extract(epoch from u.starts_at) * 1000000)::bigint
        from upcoming u
       where inbox_section_ids.after_key is null
          or (u.starts_at >= after_instant - interval '1 second'
              and ((extract(epoch from u.starts_at) * 1000000)::bigint, u.id)
                  > (inbox_section_ids.after_key, inbox_section_ids.after_id))
       order by u.starts_at, u.id
       limit inbox_section_ids.wanted;
  else
    -- History: everything else (neither of the two above), latest first.
    return query
      select r.id, 2, -(extract(epoch from r.starts_at) * 1000000)::bigint
        from app.reservations r
       where r.merchant_id = inbox_section_ids.merchant_id
         and not (r.status = 'in attesa' and r.starts_at > now())
         and not (r.status in ('confermata', 'modificata') and r.ends_at > now()
                  and (r.status = 'confermata' or r.starts_at > now()))
         and (inbox_section_ids.after_key is null
              or (r.starts_at <= after_instant + interval '1 second'
                  and (-(extract(epoch from r.starts_at) * 1000000)::bigint, r.id)
                      > (inbox_section_ids.after_key, inbox_section_ids.after_id)))
       order by r.starts_at desc, r.id
       limit inbox_section_ids.wanted;
  end if;
end
$$;

drop function app_private.inbox_section(text, timestamptz);
