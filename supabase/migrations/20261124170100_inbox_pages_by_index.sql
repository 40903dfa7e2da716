-- ============================================================================
-- Prenotazioni: a page of the inbox read through an index, not by sorting every reservation
-- ============================================================================
-- api.merchant_reservations_page ranked and sorted all of the salon's reservations (through the view)
-- to return 20: 0.2-0.6 s at 10,000 reservations. Each section now reads its own rows in its own order
-- from app.reservations (an index per section), and only the page's rows are shaped through the view.
-- Same sections, order, keys and rows as before.

-- Upcoming: confirmed or changed appointments that have not ended, found by their end.
create index reservations_merchant_upcoming_ends_at_idx on app.reservations (merchant_id, ends_at)
  where status in ('confermata', 'modificata');

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
    -- Upcoming: confirmed, or changed and not yet started, until they end; soonest first.
    return query
      select r.id, 1, (extract(epoch from r.starts_at) * 1000000)::bigint
        from app.reservations r
       where r.merchant_id = inbox_section_ids.merchant_id
         and r.status in ('confermata', 'modificata') and r.ends_at > now()
         and (r.status = 'confermata' or r.starts_at > now())
         and (inbox_section_ids.after_key is null
              or (r.starts_at >= after_instant - interval '1 second'
                  and ((extract(epoch from r.starts_at) * 1000000)::bigint, r.id)
                      > (inbox_section_ids.after_key, inbox_section_ids.after_id)))
       order by r.starts_at, r.id
       limit inbox_section_ids.wanted;
  else
    -- History: everything else, latest first.
    return query
      select r.id, 2, -(extract(epoch from r.starts_at) * 1000000)::bigint
        from app.reservations r
       where r.merchant_id = inbox_section_ids.merchant_id
         and app_private.inbox_section(app_private.shown_status(r.status, r.starts_at), r.ends_at) = 2
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
                             v.merchant_id, v.treatment_id, v.operator_id, v.starts_at, v.ends_at, v.id))
           order by c.position)
    into page
    from unnest(chosen_ids, chosen_ranks) with ordinality as c (id, section_rank, position)
    join app.reservation_rows v on v.id = c.id;

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
  'fields of api.reservation_row, actions included.';
grant execute on function api.merchant_reservations_page(text, text, integer) to authenticated;
