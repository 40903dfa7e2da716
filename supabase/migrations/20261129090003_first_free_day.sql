-- 'Prenota di nuovo' opens on the first day with a free time for the same treatment and operator.

create or replace function api.first_free_day(
  merchant_slug text,
  treatment_id uuid,
  operator_id uuid default null
) returns text
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_booking_party(first_free_day.merchant_slug);
  bookable record := app_private.booking_window();
  day date;
begin
  if first_free_day.treatment_id is null then
    raise sqlstate 'P0001' using message = 'Seleziona un trattamento';
  end if;
  perform app_private.bookable_treatment(caller_merchant_id, first_free_day.treatment_id,
                                         first_free_day.operator_id);
  for day in
    select cast(s as date) from generate_series(bookable.first_day::timestamp, bookable.last_day::timestamp,
                                                interval '1 day') as s
  loop
    if not app_private.salon_closed_on(caller_merchant_id, day)
       and cardinality(api.free_times(first_free_day.merchant_slug, first_free_day.treatment_id,
                                      first_free_day.operator_id, day)) > 0 then
      return to_char(day, 'YYYY-MM-DD');
    end if;
  end loop;
  return null;
end
$$;

comment on function api.first_free_day(text, uuid, uuid) is
  'The merchant itself or one of its clients: the first day of the 30-day window (''YYYY-MM-DD'') on which '
  'api.free_times has a time for the treatment and operator (any, when null); null when none has.';
grant execute on function api.first_free_day(text, uuid, uuid) to authenticated;
