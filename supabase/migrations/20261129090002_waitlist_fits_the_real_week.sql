-- A freed slot is told to the waitlist only where the treatment fits as booking would place it: its cabins and equipment free, the operator's busy span counting the pause after it and its processing time.

create or replace function app_private.waitlist_slot_fits(
  merchant_id uuid,
  treatment_id uuid,
  operator_id uuid,
  starts_at timestamptz
) returns boolean
language plpgsql stable set search_path = ''
as $$
declare
  ends_at timestamptz := waitlist_slot_fits.starts_at + make_interval(mins => (
    select t.duration_minutes from app.treatments t where t.id = waitlist_slot_fits.treatment_id));
begin
  return ends_at is not null
     and app_private.salon_open(waitlist_slot_fits.merchant_id, waitlist_slot_fits.starts_at, ends_at)
     and app_private.resources_free(waitlist_slot_fits.treatment_id, waitlist_slot_fits.starts_at, ends_at)
     and exists (
       select 1 from app_private.performing_operator_ids(waitlist_slot_fits.merchant_id,
                                                         waitlist_slot_fits.treatment_id) as o(id)
        where (waitlist_slot_fits.operator_id is null or o.id = waitlist_slot_fits.operator_id)
          and app_private.operator_available(o.id, waitlist_slot_fits.starts_at, ends_at)
          and not app_private.operator_has_confirmed_overlap(o.id, waitlist_slot_fits.starts_at, ends_at,
                                                             null, waitlist_slot_fits.treatment_id));
end
$$;
