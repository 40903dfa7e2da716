-- The salon's inbox rows carry visit_id and visit_part, so that it shows a visit as one request.

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
