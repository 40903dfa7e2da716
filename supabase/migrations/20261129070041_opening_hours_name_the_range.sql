-- A refused opening-hours range is named as the merchant sees it, with what is wrong in plain Italian
-- ('Martedì, seconda fascia: la chiusura deve essere dopo l'apertura'), for the salon's hours and an
-- operator's alike; a malformed call (no array, a weekday outside 1-7) keeps the general message.
create or replace function app_private.weekly_hours(hours jsonb)
returns table (weekday integer, opens time, closes time)
language plpgsql immutable set search_path = ''
as $$
declare
  invalid text := 'Orari non validi: indica giorno (1-7), apertura e chiusura (HH:MM, ogni 15 minuti)';
  quarter_hour constant text := '^([01][0-9]|2[0-3]):(00|15|30|45)$';
  day_names constant text[] := array['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'];
  ordinals constant text[] := array['prima', 'seconda', 'terza', 'quarta', 'quinta', 'sesta', 'settima', 'ottava',
                                    'nona', 'decima'];
  ranges_seen integer[] := array[0, 0, 0, 0, 0, 0, 0];
  entry jsonb;
  day_number integer;
  range_name text;
begin
  if weekly_hours.hours is null or jsonb_typeof(weekly_hours.hours) <> 'array'
     or jsonb_array_length(weekly_hours.hours) > 28 then
    raise sqlstate 'P0001' using message = invalid;
  end if;
  for entry in select value from jsonb_array_elements(weekly_hours.hours) loop
    if jsonb_typeof(entry) <> 'object' or coalesce(entry ->> 'weekday', '') !~ '^[1-7]$' then
      raise sqlstate 'P0001' using message = invalid;
    end if;
    day_number := (entry ->> 'weekday')::integer;
    ranges_seen[day_number] := ranges_seen[day_number] + 1;
    range_name := day_names[day_number] || ', '
                  || coalesce(ordinals[ranges_seen[day_number]] || ' fascia', 'fascia ' || ranges_seen[day_number]);
    if coalesce(entry ->> 'opens', '') !~ quarter_hour or coalesce(entry ->> 'closes', '') !~ quarter_hour then
      raise sqlstate 'P0001' using
        message = range_name || ': indica apertura e chiusura in ore e minuti, ogni 15 minuti';
    end if;
    if (entry ->> 'opens') >= (entry ->> 'closes') then
      raise sqlstate 'P0001' using message = range_name || ': la chiusura deve essere dopo l''apertura';
    end if;
  end loop;
  if exists (
    select 1
      from jsonb_array_elements(weekly_hours.hours) with ordinality as a(value, n),
           jsonb_array_elements(weekly_hours.hours) with ordinality as b(value, n)
     where a.n < b.n and a.value ->> 'weekday' = b.value ->> 'weekday'
       and a.value ->> 'opens' < b.value ->> 'closes' and b.value ->> 'opens' < a.value ->> 'closes'
  ) then
    raise sqlstate 'P0001' using message = 'Gli orari di uno stesso giorno non possono sovrapporsi';
  end if;
  return query
    select (e ->> 'weekday')::integer, (e ->> 'opens')::time, (e ->> 'closes')::time
      from jsonb_array_elements(weekly_hours.hours) as e;
end
$$;
