-- The visit, done or missed: after its start a confirmed appointment becomes 'completata' or
-- 'non presentata' (the salon only, through api.mark_visit), visits of past days still unmarked are
-- listed to close, and a client's card and requests show how many visits she made and missed, flagged
-- from a salon setting (no_show_alert_threshold, default 2). The Agenda keeps the visits it marked.

alter table app.reservations drop constraint reservations_status_check;
alter table app.reservations add constraint reservations_status_check
  check (status in ('in attesa', 'confermata', 'modificata', 'rifiutata', 'annullata', 'completata',
                    'non presentata'));

alter table app.merchants add column no_show_alert_threshold integer not null default 2
  constraint merchants_no_show_alert_threshold_range check (no_show_alert_threshold between 1 and 20);
comment on column app.merchants.no_show_alert_threshold is
  'From how many missed appointments (''non presentata'') a client''s new requests are flagged (1-20, default 2).';


comment on type api.reservation_row is
  'A reservation as the screens show it: date and time in Europe/Rome, the instants starts_at/ends_at, '
  'operator_name ''Nessuna preferenza'' when no operator was chosen, and actions: what the caller may do '
  '(merchant: confirm, modify, reject, cancel, complete, no_show; client: accept, decline, cancel, delete).';


-- A confirmed appointment whose start has passed: the salon says whether it was done or missed.
create function app_private.visit_may_close(status text, starts_at timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select visit_may_close.status = 'confermata' and visit_may_close.starts_at <= now()
$$;
grant execute on function app_private.visit_may_close(text, timestamptz) to authenticated, service_role;


-- How many of a client's visits were done and missed, under the caller's RLS.
create function app_private.client_visit_counts(client_id uuid, out completed integer, out no_shows integer)
language sql stable set search_path = ''
as $$
  select (count(*) filter (where r.status = 'completata'))::integer,
         (count(*) filter (where r.status = 'non presentata'))::integer
    from app.reservations r
   where r.client_id = client_visit_counts.client_id
$$;
grant execute on function app_private.client_visit_counts(uuid) to authenticated, service_role;


create or replace function app_private.check_reservation_transition() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.merchant_id <> old.merchant_id or new.client_id <> old.client_id then
    raise sqlstate 'P0001' using message = 'Una prenotazione non cambia commerciante né cliente';
  end if;
  if new.status <> old.status and old.status in ('in attesa', 'modificata') and old.starts_at <= now() then
    raise sqlstate 'P0001' using message = 'La richiesta è scaduta: l''orario richiesto è già passato';
  end if;
  if new.status <> old.status and not (
       (old.status = 'in attesa' and new.status in ('confermata', 'modificata', 'rifiutata', 'annullata'))
       or (old.status = 'modificata' and new.status in ('confermata', 'rifiutata', 'annullata'))
       or (old.status = 'confermata' and new.status in ('annullata', 'completata', 'non presentata'))
     ) then
    raise sqlstate 'P0001'
      using message = format('Passaggio di stato non consentito: da ''%s'' a ''%s''', old.status, new.status);
  end if;
  if new.status <> old.status and new.status in ('completata', 'non presentata') then
    if app_private.current_merchant_id() is distinct from old.merchant_id then
      raise sqlstate '42501' using message = 'Solo il salone segna com''è andata una visita';
    end if;
    if not app_private.visit_may_close(old.status, old.starts_at) then
      raise sqlstate 'P0001'
        using message = 'Una visita si segna completata o non presentata solo dopo il suo inizio';
    end if;
  end if;
  if (new.starts_at, new.ends_at) is distinct from (old.starts_at, old.ends_at)
     and not (old.status = 'in attesa' and new.status = 'modificata') then
    raise sqlstate 'P0001' using message = 'Data e ora cambiano solo con una modifica del commerciante';
  end if;
  if new.operator_id is distinct from old.operator_id
     and not (old.operator_id is null and old.status in ('in attesa', 'modificata') and new.status = 'confermata')
     and not (new.operator_id is null and not exists (select 1 from app.operators o where o.id = old.operator_id)) then
    raise sqlstate 'P0001'
      using message = 'L''operatore si assegna solo quando si conferma una richiesta senza preferenza';
  end if;
  new.updated_at := now();
  return new;
end
$$;


create or replace function app_private.reservation_actions(
  status text,
  starts_at timestamptz,
  merchant_id uuid,
  for_merchant boolean
) returns text[]
language sql stable set search_path = ''
as $$
  select case
    when reservation_actions.for_merchant then
      case when reservation_actions.status = 'in attesa' and reservation_actions.starts_at > now()
           then array['confirm', 'modify', 'reject']
           when reservation_actions.status = 'confermata' and reservation_actions.starts_at > now()
           then array['cancel']
           when app_private.visit_may_close(reservation_actions.status, reservation_actions.starts_at)
           then array['complete', 'no_show']
           else '{}'::text[] end
    else
      case when reservation_actions.status = 'modificata' and reservation_actions.starts_at > now()
           then array['accept', 'decline'] else '{}'::text[] end
      || case when reservation_actions.status <> 'modificata'
                   and app_private.client_may_cancel(reservation_actions.status, reservation_actions.starts_at,
                                                     reservation_actions.merchant_id)
              then array['cancel'] else '{}'::text[] end
      || case when app_private.client_may_delete(reservation_actions.status, reservation_actions.starts_at)
              then array['delete'] else '{}'::text[] end
  end
$$;
grant execute on function app_private.reservation_actions(text, timestamptz, uuid, boolean) to authenticated, service_role;


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
                   'no_show_alert_threshold', m.no_show_alert_threshold)
            from app.merchants m where m.id = caller_merchant_id);
end
$$;
grant execute on function api.booking_settings() to authenticated;
comment on function api.booking_settings() is
  'Merchant only: its booking settings (cancellation_notice_hours, address, new_request_emails, '
  'reminder_emails, no_show_alert_threshold).';


create or replace function api.merchant_clients(search text default null, page integer default 1, page_size integer default 10)
returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pattern text := app_private.search_pattern(merchant_clients.search);
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
               'completed_visits', visits.completed, 'no_shows', visits.no_shows
             ) order by p.created_at desc, p.code desc)
        from page_rows p
        cross join lateral app_private.client_visit_counts(p.id) visits
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
grant execute on function api.merchant_clients(text, integer, integer) to authenticated;
comment on function api.merchant_clients(text, integer, integer) is
  'Merchant only: its clients, newest first, one page at a time; search matches name, code, e-mail or phone. '
  'An erased client has no credit (available_credit null). completed_visits and no_shows count her '
  'appointments marked ''completata'' and ''non presentata''.';


create or replace function api.merchant_reservations(status text default null)
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  wanted text := nullif(btrim(coalesce(merchant_reservations.status, '')), '');
begin
  if wanted is not null
     and wanted not in ('in attesa', 'confermata', 'modificata', 'rifiutata', 'annullata', 'scaduta',
                        'completata', 'non presentata') then
    raise sqlstate 'P0001' using message = 'Stato non valido';
  end if;
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at,
           app_private.reservation_actions(v.status, v.starts_at, v.merchant_id, true)
      from app.reservation_rows v
     where v.merchant_id = caller_merchant_id
       and (wanted is null or v.status = wanted)
     order by v.starts_at desc, v.created_at desc, v.id;
end
$$;
grant execute on function api.merchant_reservations(text) to authenticated;
comment on function api.merchant_reservations(text) is
  'Merchant only: the reservations it received, optionally of one status (''scaduta'' = a request whose '
  'start has passed), latest appointment first.';


create or replace function api.merchant_agenda()
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  from_instant timestamptz := app_private.rome_today()::timestamp at time zone 'Europe/Rome';
begin
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at,
           app_private.reservation_actions(v.status, v.starts_at, v.merchant_id, true)
      from app.reservation_rows v
     where v.merchant_id = caller_merchant_id
       and v.status in ('confermata', 'completata', 'non presentata')
       and v.starts_at >= from_instant
     order by v.starts_at, v.operator_name, v.id;
end
$$;
grant execute on function api.merchant_agenda() to authenticated;
comment on function api.merchant_agenda() is
  'Merchant only: confirmed reservations dated today or later (Europe/Rome), and today''s visits already '
  'marked completata or non presentata, by date then time.';


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
             'often_missed', visits.no_shows >= salon.no_show_alert_threshold)
           order by c.position)
    into page
    from unnest(chosen_ids, chosen_ranks) with ordinality as c (id, section_rank, position)
    join app.reservation_rows v on v.id = c.id
    join app.merchants salon on salon.id = v.merchant_id
    cross join lateral app_private.client_visit_counts(v.client_id) visits;

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
  'fields of api.reservation_row, actions included, and the client''s client_completed_visits and '
  'client_no_shows, often_missed when these reach the salon''s no_show_alert_threshold.';


-- The visit: done or missed
create function api.mark_visit(reservation_id uuid, outcome text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  visit app.reservations := app_private.merchant_reservation(mark_visit.reservation_id, caller_merchant_id);
begin
  if mark_visit.outcome is null or mark_visit.outcome not in ('completata', 'non presentata') then
    raise sqlstate '22023' using message = 'Esito non valido: completata o non presentata';
  end if;
  if not app_private.visit_may_close(visit.status, visit.starts_at) then
    raise sqlstate 'P0001'
      using message = 'Solo un appuntamento confermato già iniziato si segna completato o non presentato';
  end if;
  update app.reservations r set status = mark_visit.outcome
   where r.id = visit.id and r.status = 'confermata';
  if not found then
    raise sqlstate 'P0001'
      using message = 'Solo un appuntamento confermato già iniziato si segna completato o non presentato';
  end if;
  return jsonb_build_object(
    'message', case mark_visit.outcome when 'completata' then 'Visita completata' else 'Segnata come non presentata' end);
end
$$;
grant execute on function api.mark_visit(uuid, text) to authenticated;
comment on function api.mark_visit(uuid, text) is
  'Merchant only: a confirmed appointment whose start has passed -> outcome ''completata'' or ''non presentata''; '
  'refused before its start and once marked.';

create function api.merchant_visits_to_close()
returns setof api.reservation_row
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  today_start timestamptz := app_private.rome_today()::timestamp at time zone 'Europe/Rome';
begin
  return query
    select v.id, v.client_id, v.client_name, v.client_code, v.treatment_id, v.treatment_name,
           v.operator_id, v.operator_name, v.date, v."time", v.duration_minutes, v.status, v.notes,
           v.starts_at, v.ends_at, v.created_at, v.updated_at,
           app_private.reservation_actions(v.status, v.starts_at, v.merchant_id, true)
      from app.reservation_rows v
     where v.merchant_id = caller_merchant_id
       and v.status = 'confermata'
       and v.starts_at < today_start
     order by v.starts_at, v.id
     limit 50;
end
$$;
grant execute on function api.merchant_visits_to_close() to authenticated;
comment on function api.merchant_visits_to_close() is
  'Merchant only: confirmed appointments of a past day (Europe/Rome) still unmarked, oldest first, at most 50: '
  'the short list ''Da chiudere''.';

-- Definer: merchants do not update their own merchant row otherwise; this changes one column only.
create function api.set_no_show_alert_threshold(threshold integer) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_no_show_alert_threshold.threshold is null or set_no_show_alert_threshold.threshold not between 1 and 20 then
    raise sqlstate '22023' using message = 'Il numero di assenze deve essere tra 1 e 20';
  end if;
  update app.merchants m set no_show_alert_threshold = set_no_show_alert_threshold.threshold
   where m.id = caller_merchant_id;
  return jsonb_build_object('message', 'Segnalazione assenze aggiornata');
end
$$;
grant execute on function api.set_no_show_alert_threshold(integer) to authenticated;
comment on function api.set_no_show_alert_threshold(integer) is
  'Merchant only: from how many missed appointments (1-20) the inbox flags a client''s requests.';

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
      select v.*, c.phone as client_phone,
             (extract(epoch from (v.starts_at at time zone 'Europe/Rome')::time) / 60)::integer
               - hours_shown.first_minute as offset_minutes
        from app.reservation_rows v
        join app.clients c on c.id = v.client_id
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
                            'offset_minutes', a.offset_minutes, 'length_minutes', a.duration_minutes)
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
  'row) and its confirmed appointments (and visits marked completata or non presentata) with client_phone, '
  'ends, actions, offset_minutes from the first row and length_minutes.';
