-- The salon's side of booking: the inbox and agenda, confirming, changing, rejecting and cancelling.

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

-- The caller's reservation, or 'Prenotazione non trovata' (another merchant's looks the same).
create function app_private.merchant_reservation(reservation_id uuid, merchant_id uuid)
returns app.reservations
language plpgsql stable set search_path = ''
as $$
declare
  found_row app.reservations;
begin
  select r.* into found_row from app.reservations r
   where r.id = merchant_reservation.reservation_id and r.merchant_id = merchant_reservation.merchant_id;
  if found_row.id is null then
    raise sqlstate 'P0001' using message = 'Prenotazione non trovata';
  end if;
  return found_row;
end
$$;
grant execute on function app_private.merchant_reservation(uuid, uuid) to authenticated, service_role;

create or replace function api.modify_reservation(reservation_id uuid, date date, "time" text, note text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_note text := nullif(btrim(coalesce(modify_reservation.note, '')), '');
  pending app.reservations;
  new_start timestamptz;
  new_end timestamptz;
  shift interval;
  changed_parts integer;
begin
  if modify_reservation.date is null or nullif(btrim(coalesce(modify_reservation."time", '')), '') is null
     or new_note is null then
    raise sqlstate 'P0001' using message = 'Compila data, ora e nota di modifica';
  end if;
  if length(new_note) > 500 then
    raise sqlstate 'P0001' using message = 'La nota può contenere al massimo 500 caratteri';
  end if;
  pending := app_private.merchant_reservation(modify_reservation.reservation_id, caller_merchant_id);
  if pending.status <> 'in attesa' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere modificata';
  end if;
  new_start := app_private.booking_start(modify_reservation.date, modify_reservation."time");
  if pending.visit_id is not null then
    -- A visit moves whole: the new time is its first part's, every part shifted by the same amount.
    select r.* into pending from app.reservations r where r.visit_id = pending.visit_id and r.visit_part = 1;
    shift := new_start - pending.starts_at;
    perform app_private.check_visit_shift(pending.visit_id, shift);
    update app.reservations r
       set status = 'modificata', starts_at = r.starts_at + shift, ends_at = r.ends_at + shift, notes = new_note
     where r.visit_id = pending.visit_id and r.status = 'in attesa';
    get diagnostics changed_parts = row_count;
    if changed_parts <> (select count(*) from app.reservations r where r.visit_id = pending.visit_id) then
      raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere modificata';
    end if;
    perform app_private.check_visit_parts_apart(pending.visit_id);
    return jsonb_build_object('message', 'Prenotazione modificata e inviata');
  end if;
  new_end := new_start + (pending.ends_at - pending.starts_at);
  perform app_private.check_slot_free(caller_merchant_id, pending.treatment_id, pending.operator_id,
                                      new_start, new_end, pending.id);
  update app.reservations r
     set status = 'modificata', starts_at = new_start, ends_at = new_end, notes = new_note
   where r.id = pending.id and r.status = 'in attesa';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere modificata';
  end if;
  return jsonb_build_object('message', 'Prenotazione modificata e inviata');
end
$$;
grant execute on function api.modify_reservation(uuid, date, text, text) to authenticated;
comment on function api.modify_reservation(uuid, date, text, text) is
  'Merchant only: ''in attesa'' -> ''modificata'' with a new date and time (booking window and grid, free '
  'for its operator or for some operator who performs it) and a required note (at most 500 characters). '
  'A part of a visit proposes the new start (date and time) of the whole visit: every part shifted by the '
  'same amount, each checked as when booked (a refusal names the part), every part ''modificata''.';

create or replace function api.reject_reservation(reservation_id uuid, reason text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_reason text := app_private.required_reason(reject_reservation.reason, 'Inserisci la motivazione del rifiuto');
  pending app.reservations;
begin
  pending := app_private.merchant_reservation(reject_reservation.reservation_id, caller_merchant_id);
  update app.reservations r set status = 'rifiutata', notes = new_reason
   where (r.id = pending.id or r.visit_id = pending.visit_id) and r.status = 'in attesa';
  if not found then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere rifiutata';
  end if;
  return jsonb_build_object('message', 'Prenotazione rifiutata');
end
$$;
grant execute on function api.reject_reservation(uuid, text) to authenticated;
comment on function api.reject_reservation(uuid, text) is
  'Merchant only: ''in attesa'' -> ''rifiutata'' with the required reason (at most 500 characters) stored '
  'as notes; every part of a visit at once.';

create function app_private.confirm_request(reservation_id uuid, operator_id uuid, caller_merchant_id uuid)
returns void
language plpgsql set search_path = ''
as $$
declare
  pending app.reservations :=
    app_private.merchant_reservation(confirm_request.reservation_id, confirm_request.caller_merchant_id);
  candidate uuid;
  outcome text;
begin
  if pending.status <> 'in attesa' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere confermata';
  end if;
  if pending.operator_id is not null then
    if confirm_request.operator_id is distinct from null
       and confirm_request.operator_id <> pending.operator_id then
      raise sqlstate 'P0001' using message = 'Il cliente ha scelto un altro operatore: modifica o rifiuta la richiesta';
    end if;
    outcome := app_private.confirm_slot(pending.id, 'in attesa', null, true);
  elsif confirm_request.operator_id is not null then
    if confirm_request.operator_id not in (
         select app_private.performing_operator_ids(confirm_request.caller_merchant_id, pending.treatment_id)) then
      raise sqlstate 'P0001' using message = 'L''operatore scelto non esegue questo trattamento';
    end if;
    outcome := app_private.confirm_slot(pending.id, 'in attesa', confirm_request.operator_id, true);
  else
    -- The least busy free operator; if a concurrent confirm takes it first, the next one.
    outcome := 'none';
    for candidate in
      select f.operator_id from app_private.free_operators(
        confirm_request.caller_merchant_id, pending.treatment_id, pending.starts_at, pending.ends_at, pending.id) f
       where not app_private.meets_own_visit(pending.id, f.operator_id)
    loop
      outcome := app_private.confirm_slot(pending.id, 'in attesa', candidate, true);
      exit when outcome <> 'taken';
    end loop;
    if outcome in ('none', 'taken') then
      raise sqlstate 'P0001' using message = app_private.no_operator_free_message();
    end if;
  end if;
  if outcome = 'taken' then
    raise sqlstate 'P0001' using message = app_private.slot_taken_message();
  elsif outcome = 'not_found' then
    raise sqlstate 'P0001' using message = 'Solo una prenotazione in attesa può essere confermata';
  end if;
end
$$;
grant execute on function app_private.confirm_request(uuid, uuid, uuid) to authenticated, service_role;
comment on function app_private.confirm_request(uuid, uuid, uuid) is
  'Confirms one reservation as api.confirm_reservation describes; raises the refusal''s message.';

create function api.confirm_reservation(reservation_id uuid, operator_id uuid default null) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pending app.reservations := app_private.merchant_reservation(confirm_reservation.reservation_id, caller_merchant_id);
  part app.reservations;
  operators uuid[];
begin
  if pending.visit_id is null then
    perform app_private.confirm_request(pending.id, confirm_reservation.operator_id, caller_merchant_id);
  else
    -- A visit is confirmed whole or not at all: a part's refusal, named, undoes the parts before it. The
    -- parts without preference get operators chosen together, so that none meets another part.
    operators := app_private.saved_visit_operators(pending.visit_id, pending.id, confirm_reservation.operator_id);
    for part in select r.* from app.reservations r where r.visit_id = pending.visit_id order by r.visit_part loop
      begin
        perform app_private.confirm_request(
          part.id,
          case when part.id = pending.id and confirm_reservation.operator_id is not null
                 then confirm_reservation.operator_id
               when part.operator_id is null then operators[part.visit_part] end,
          caller_merchant_id);
      exception when sqlstate 'P0001' then
        raise sqlstate 'P0001' using message = format('%s: %s', part.treatment_name, sqlerrm);
      end;
    end loop;
  end if;
  return jsonb_build_object(
    'message', 'Prenotazione confermata',
    'operator_id', (select r.operator_id from app.reservations r where r.id = pending.id),
    'operator_name', (select r.operator_name from app.reservations r where r.id = pending.id));
end
$$;
grant execute on function api.confirm_reservation(uuid, uuid) to authenticated;
comment on function api.confirm_reservation(uuid, uuid) is
  'Merchant only: ''in attesa'' -> ''confermata'', notes cleared. A request without preference gets an '
  'operator: operator_id if given (one who performs the treatment), otherwise the least busy free one '
  '(api.reservation_free_operators). Refused when the operator already has a confirmed reservation '
  'overlapping it (the exclusion constraint decides). A part of a visit confirms every part (operator_id '
  'for the part asked, the others without preference as app_private.visit_operators assigns them), all or '
  'none: a refusal names the part.';

create function api.merchant_cancel_reservation(reservation_id uuid, reason text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_reason text := app_private.required_reason(
    merchant_cancel_reservation.reason, 'Inserisci la motivazione dell''annullamento');
  confirmed app.reservations :=
    app_private.merchant_reservation(merchant_cancel_reservation.reservation_id, caller_merchant_id);
begin
  update app.reservations r set status = 'annullata', notes = new_reason
   where (r.id = confirmed.id or r.visit_id = confirmed.visit_id) and r.status = 'confermata'
     and r.starts_at > now();
  if not found then
    raise sqlstate 'P0001'
      using message = 'Solo un appuntamento confermato non ancora iniziato può essere annullato';
  end if;
  return jsonb_build_object('message', 'Appuntamento annullato');
end
$$;
grant execute on function api.merchant_cancel_reservation(uuid, text) to authenticated;
comment on function api.merchant_cancel_reservation(uuid, text) is
  'Merchant only: cancels a confirmed appointment that has not started, with a required reason (at most 500 '
  'characters, stored as notes) -> ''annullata''; every part of a visit at once.';

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
             'reminder', reminders.reminder,
             'visit_id', own.visit_id,
             'visit_part', own.visit_part)
           order by c.position)
    into page
    from unnest(chosen_ids[1:size], chosen_ranks[1:size]) with ordinality as c (id, section_rank, position)
    join app.reservation_rows v on v.id = c.id
    join app.reservations own on own.id = c.id
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
grant execute on function api.merchant_reservations_page(text, text, integer) to authenticated;
comment on function api.merchant_reservations_page(text, text, integer) is
  'Merchant only: one page ({reservations, next, pending}) of its reservations. section: to_answer (requests '
  'still pending, soonest first, slot_taken when confirmed appointments already fill their slot), upcoming '
  '(confirmed or modified, not ended, soonest first), history (the rest, latest first), or null for all '
  'three in that order. after: the previous page''s next; page_size 1-100 (default 20). Each row has the '
  'fields of api.reservation_row, actions included, whatsapp (api.reservation_whatsapp), reminder '
  '(app_private.reminder_status, null without one), and the client''s client_completed_visits and '
  'client_no_shows, often_missed when these reach the salon''s no_show_alert_threshold. pending: the '
  'badge''s count (api.merchant_pending_count), so the screen needs no second request. visit_id and '
  'visit_part: the visit a row is a part of and its place in it (null for a single treatment).';

create function api.merchant_pending_count() returns integer
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select count(distinct coalesce(r.visit_id, r.id))::integer from app.reservations r
           where r.merchant_id = caller_merchant_id and r.status = 'in attesa' and r.starts_at > now());
end
$$;
grant execute on function api.merchant_pending_count() to authenticated;
comment on function api.merchant_pending_count() is
  'Merchant only: how many requests wait for an answer (pending and not yet started, a visit once), for the '
  'badge.';

-- The ids of one section's next rows after a key (the page's `next`), in the section's order, at most
-- `wanted` of them.
create function app_private.inbox_section_ids(
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
revoke execute on function app_private.inbox_section_ids(uuid, integer, bigint, uuid, integer) from public;
grant execute on function app_private.inbox_section_ids(uuid, integer, bigint, uuid, integer)
  to authenticated, service_role;
comment on function app_private.inbox_section_ids(uuid, integer, bigint, uuid, integer) is
  'At most `wanted` reservations of one inbox section (0 to answer, 1 upcoming, 2 history) after the '
  'given key, in the section''s order; read under the caller''s RLS.';

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

-- The visit's purchase: registered and the visit completed in one transaction
create function api.complete_visit_with_purchase(
  reservation_id uuid,
  spend numeric,
  discount numeric,
  receipt_number text default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  visit app.reservations :=
    app_private.merchant_reservation(complete_visit_with_purchase.reservation_id, caller_merchant_id);
  registered jsonb;
begin
  if not app_private.visit_may_close(visit.status, visit.starts_at) then
    raise sqlstate 'P0001'
      using message = 'Solo un appuntamento confermato già iniziato si segna completato o non presentato';
  end if;
  -- Locked first: a concurrent mark or purchase of the same visit waits, then finds it closed.
  perform 1 from app.reservations r where r.id = visit.id and r.status = 'confermata' for update;
  if not found then
    raise sqlstate 'P0001'
      using message = 'Solo un appuntamento confermato già iniziato si segna completato o non presentato';
  end if;
  registered := app_private.register_purchase(
    caller_merchant_id, (select c.code from app.clients c where c.id = visit.client_id),
    complete_visit_with_purchase.spend, complete_visit_with_purchase.discount, visit.id,
    complete_visit_with_purchase.receipt_number);
  update app.reservations r set status = 'completata' where r.id = visit.id;
  return registered || jsonb_build_object('message', 'Visita completata e acquisto registrato');
end
$$;
grant execute on function api.complete_visit_with_purchase(uuid, numeric, numeric, text) to authenticated;
comment on function api.complete_visit_with_purchase(uuid, numeric, numeric, text) is
  'Merchant only: for a confirmed appointment whose start has passed, registers its client''s purchase '
  '(the checks and credit of api.register_purchase, the movement linked by reservation_id, receipt_number '
  'as there) and marks the visit ''completata'', all or nothing.';

-- What the purchase form starts from when a visit is completed with its purchase.
create function api.visit_purchase_draft(reservation_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  visit app.reservations :=
    app_private.merchant_reservation(visit_purchase_draft.reservation_id, caller_merchant_id);
begin
  return (select jsonb_build_object(
                   'reservation_id', visit.id,
                   'client_code', c.code,
                   'client_name', c.name,
                   'treatment_name', visit.treatment_name,
                   'spend', t.price,
                   'available_credit', c.available_credit,
                   'actions', app_private.reservation_actions(visit.status, visit.starts_at, visit.merchant_id, true))
            from app.clients c
            left join app.treatments t on t.id = visit.treatment_id
           where c.id = visit.client_id);
end
$$;
grant execute on function api.visit_purchase_draft(uuid) to authenticated;
comment on function api.visit_purchase_draft(uuid) is
  'Merchant only: a visit''s client (code, name, available_credit), treatment_name, and spend: the '
  'treatment''s price today (null when it was deleted), for api.complete_visit_with_purchase; actions as '
  'the visit''s row.';
