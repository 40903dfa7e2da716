-- Removing a closure period ('dal 24 al 26 dicembre 2030') is one call that reopens all its days at
-- once, instead of one set_salon_closure call a day.

create function api.remove_salon_closure(from_day date, to_day date default null) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  last_day date := coalesce(remove_salon_closure.to_day, remove_salon_closure.from_day);
  removed integer;
begin
  if remove_salon_closure.from_day is null then
    raise sqlstate 'P0001' using message = 'Indica il giorno di chiusura';
  end if;
  if last_day < remove_salon_closure.from_day or last_day > remove_salon_closure.from_day + 366 then
    raise sqlstate 'P0001' using message = 'L''ultimo giorno deve seguire il primo, entro un anno';
  end if;
  delete from app.salon_closures c
   where c.merchant_id = caller_merchant_id and c.day between remove_salon_closure.from_day and last_day;
  get diagnostics removed = row_count;
  if removed = 0 then
    raise sqlstate 'P0001' using message = 'Chiusura non trovata';
  end if;
  return jsonb_build_object('message', case when removed = 1
                                            then 'Giorno di chiusura rimosso' else 'Giorni di chiusura rimossi' end);
end
$$;
grant execute on function api.remove_salon_closure(date, date) to authenticated;
comment on function api.remove_salon_closure(date, date) is
  'Merchant only: reopens the salon on its closed days from from_day to to_day included (to_day null = one '
  'day, at most a year later), all in one statement; refused when none of them was closed.';
