-- The customer's reservations carry visit_id and visit_part, so that her list shows a visit as one card.

create or replace function api.client_reservation_sections(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_reservation_sections.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  sections jsonb;
begin
  with mine as (
    select to_jsonb(r) || jsonb_build_object(
             'cancel_until', app_private.client_cancel_until(r.status, r.starts_at, caller_merchant_id),
             'cancel_refusal', app_private.client_cancel_refusal(r.status, r.starts_at, caller_merchant_id),
             'calendar_file', app_private.has_calendar_file(r.status, r.ends_at),
             'visit_id', own.visit_id,
             'visit_part', own.visit_part
           ) as row,
           r.ends_at > now() and r.status not in ('scaduta', 'spostata') as upcoming,
           r.starts_at, r.created_at, r.id
      from api.client_reservations(client_reservation_sections.merchant_slug) as r
      join app.reservations own on own.id = r.id
  )
  select jsonb_build_object(
           'upcoming', coalesce(jsonb_agg(m.row order by m.starts_at, m.created_at, m.id)
                                  filter (where m.upcoming), '[]'::jsonb),
           'past', coalesce(jsonb_agg(m.row order by m.starts_at desc, m.created_at desc, m.id)
                              filter (where not m.upcoming), '[]'::jsonb))
    into sections
    from mine m;
  return sections;
end
$$;
grant execute on function api.client_reservation_sections(text) to authenticated;
comment on function api.client_reservation_sections(text) is
  'Client only: its reservations at the salon as {upcoming, past}: upcoming = not yet ended and neither '
  '''scaduta'' nor ''spostata'', soonest first; past = the rest, latest first. Each is an api.reservation_row plus '
  'cancel_until (until when a confirmed appointment may still be cancelled online) and cancel_refusal (why '
  'a confirmed appointment that has not started no longer may) and calendar_file (api.reservation_ics has '
  'a file for it: confirmed and not ended), visit_id and visit_part (null unless a part of a visit).';
