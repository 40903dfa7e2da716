-- The merchant's inbox, paged on the server: requests to answer first (soonest first, each flagged when
-- its slot is already taken by confirmed appointments), then upcoming appointments (soonest first), then
-- the history (latest first). Keyset pages: the cursor is the last row's sort key, so a page costs the
-- same wherever it is and rows arriving meanwhile never shift the next one.

create index reservations_merchant_pending_starts_at_idx on app.reservations (merchant_id, starts_at)
  where status = 'in attesa';

-- 0 = to answer, 1 = upcoming, 2 = history, for a row's shown status (app.reservation_rows).
create function app_private.inbox_section(shown_status text, ends_at timestamptz) returns integer
language sql stable set search_path = ''
as $$
  select case
    when inbox_section.shown_status = 'in attesa' then 0
    when inbox_section.shown_status in ('confermata', 'modificata') and inbox_section.ends_at > now() then 1
    else 2
  end
$$;

-- A pending request whose slot confirmed appointments already fill: its operator's, or every operator's
-- who performs the treatment when it has no preference.
create function app_private.slot_already_taken(
  merchant_id uuid,
  treatment_id uuid,
  operator_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  reservation_id uuid
) returns boolean
language sql stable set search_path = ''
as $$
  select case
    when slot_already_taken.operator_id is not null then
      app_private.operator_is_busy(slot_already_taken.operator_id, slot_already_taken.starts_at,
                                   slot_already_taken.ends_at, slot_already_taken.reservation_id)
    else not exists (
      select 1 from app_private.free_operators(slot_already_taken.merchant_id, slot_already_taken.treatment_id,
                                               slot_already_taken.starts_at, slot_already_taken.ends_at,
                                               slot_already_taken.reservation_id))
  end
$$;

grant execute on function app_private.inbox_section(text, timestamptz),
  app_private.slot_already_taken(uuid, uuid, uuid, timestamptz, timestamptz, uuid) to authenticated, service_role;

create function api.merchant_reservations_page(
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
  page jsonb[];
  keys text[];
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

  -- Soonest first while to answer or upcoming, latest first in the history: one ascending key.
  with keyed as (
    select v.*, app_private.inbox_section(v.status, v.ends_at) as section_rank,
           case when app_private.inbox_section(v.status, v.ends_at) < 2 then 1 else -1 end
             * (extract(epoch from v.starts_at) * 1000000)::bigint as sort_key
      from app.reservation_rows v
     where v.merchant_id = caller_merchant_id
  ), chosen as (
    select k.* from keyed k
     where (wanted_section is null or k.section_rank = wanted_section)
       and (after_section is null or (k.section_rank, k.sort_key, k.id) > (after_section, after_key, after_id))
     order by k.section_rank, k.sort_key, k.id
     limit size + 1
  )
  select array_agg(
           jsonb_build_object(
             'id', c.id, 'client_id', c.client_id, 'client_name', c.client_name, 'client_code', c.client_code,
             'treatment_id', c.treatment_id, 'treatment_name', c.treatment_name,
             'operator_id', c.operator_id, 'operator_name', c.operator_name, 'date', c.date, 'time', c."time",
             'duration_minutes', c.duration_minutes, 'status', c.status, 'notes', c.notes,
             'starts_at', c.starts_at, 'ends_at', c.ends_at, 'created_at', c.created_at,
             'updated_at', c.updated_at,
             'actions', app_private.reservation_actions(c.status, c.starts_at, c.merchant_id, true),
             'slot_taken', c.section_rank = 0 and app_private.slot_already_taken(
                             c.merchant_id, c.treatment_id, c.operator_id, c.starts_at, c.ends_at, c.id))
           order by c.section_rank, c.sort_key, c.id),
         array_agg(c.section_rank || ':' || c.sort_key || ':' || c.id
                   order by c.section_rank, c.sort_key, c.id)
    into page, keys
    from chosen c;

  return jsonb_build_object(
    'reservations', coalesce(to_jsonb(page[1:size]), '[]'::jsonb),
    'next', case when cardinality(page) > size then keys[size] end);
end
$$;
comment on function api.merchant_reservations_page(text, text, integer) is
  'Merchant only: one page ({reservations, next}) of its reservations. section: to_answer (requests '
  'still pending, soonest first, slot_taken when confirmed appointments already fill their slot), upcoming '
  '(confirmed or modified, not ended, soonest first), history (the rest, latest first), or null for all '
  'three in that order. after: the previous page''s next; page_size 1-100 (default 20). Each row has the '
  'fields of api.reservation_row, actions included.';
grant execute on function api.merchant_reservations_page(text, text, integer) to authenticated;

create function api.merchant_pending_count() returns integer
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select count(*)::integer from app.reservations r
           where r.merchant_id = caller_merchant_id and r.status = 'in attesa' and r.starts_at > now());
end
$$;
comment on function api.merchant_pending_count() is
  'Merchant only: how many requests wait for an answer (pending and not yet started), for the badge.';
grant execute on function api.merchant_pending_count() to authenticated;
