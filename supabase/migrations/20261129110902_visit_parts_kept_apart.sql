-- A visit's free times keep its parts apart: a part's operator (or, with none, one free operator) is not
-- busy at once with another part naming that operator (a pause after one treatment meeting the next), as
-- confirming the visit asks; so the free times never offer a start the confirm would refuse.

-- Does a visit fit from starts_at: every part as app_private.slot_fits asks of one treatment, and its
-- operator (or, with none, at least one free operator) not busy at once with another part naming that
-- operator (a pause after one treatment meeting the next), as confirming the visit asks.
create or replace function app_private.visit_fits(
  merchant_id uuid,
  treatment_ids uuid[],
  operator_ids uuid[],
  offsets integer[],
  durations integer[],
  starts_at timestamptz
) returns boolean
language sql stable set search_path = ''
as $$
  with part as (
    select p.n, p.treatment_id, p.operator_id, s.starts_at, s.ends_at,
           app_private.candidate_busy(p.treatment_id, s.starts_at, s.ends_at) as busy
      from unnest(visit_fits.treatment_ids, visit_fits.operator_ids, visit_fits.offsets, visit_fits.durations)
             with ordinality as p(treatment_id, operator_id, offset_minutes, minutes, n),
           lateral (select visit_fits.starts_at + make_interval(mins => p.offset_minutes) as starts_at,
                           visit_fits.starts_at + make_interval(mins => p.offset_minutes + p.minutes) as ends_at) s
  )
  select not exists (
    select 1 from part p
     where case when p.operator_id is null
       then not exists (
         select 1 from app_private.free_operators(visit_fits.merchant_id, p.treatment_id, p.starts_at, p.ends_at) f
          where not exists (select 1 from part o where o.n <> p.n and o.operator_id = f.operator_id
                                                   and o.busy && p.busy))
       else not app_private.slot_fits(visit_fits.merchant_id, p.treatment_id, p.operator_id, p.starts_at, p.ends_at)
            or exists (select 1 from part o where o.n <> p.n and o.operator_id = p.operator_id and o.busy && p.busy)
     end)
$$;
grant execute on function app_private.visit_fits(uuid, uuid[], uuid[], integer[], integer[], timestamptz)
  to authenticated, service_role;

create or replace function api.visit_free_times(merchant_slug text, parts jsonb, date date) returns text[]
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_booking_party(visit_free_times.merchant_slug);
  bookable record := app_private.booking_window();
  treatment_ids uuid[];
  operator_ids uuid[];
  offsets integer[];
  durations integer[];
begin
  if visit_free_times.date is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento e data';
  end if;
  select array_agg(p.treatment_id order by p.part), array_agg(p.operator_id order by p.part),
         array_agg(p.offset_minutes order by p.part), array_agg(p.duration_minutes order by p.part)
    into treatment_ids, operator_ids, offsets, durations
    from app_private.visit_parts(caller_merchant_id, visit_free_times.parts) p;
  if visit_free_times.date < bookable.first_day or visit_free_times.date > bookable.last_day then
    return '{}';
  end if;
  return array(
    select g.label from app_private.booking_grid(visit_free_times.date) g
     where g.starts_at > now()
       and app_private.visit_fits(caller_merchant_id, treatment_ids, operator_ids, offsets, durations,
                                  g.starts_at)
     order by g.starts_at
  );
end
$$;
grant execute on function api.visit_free_times(text, jsonb, date) to authenticated;
comment on function api.visit_free_times(text, jsonb, date) is
  'The merchant itself or one of its clients: the start times (as api.free_times) of a day at which a '
  'visit''s whole sequence fits, parts = [{treatment_id, operator_id}] (2 to 4, each treatment once, '
  'operator null for ''Nessuna preferenza''), each part starting when the previous treatment ends and '
  'fitting as api.free_times asks of one treatment and apart from the visit''s other parts '
  '(app_private.visit_fits).';
