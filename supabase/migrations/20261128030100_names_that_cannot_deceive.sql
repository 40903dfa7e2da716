-- Names that cannot deceive: a name, note or reason that someone else reads may not hold the Unicode
-- controls that reorder text on screen (U+202A–202E, U+2066–2069: "Anna‮ozzerP" shows a different
-- price or name), and may not be made only of spaces and invisible characters. One trigger function
-- guards every such column on insert and on change, whatever path writes it; rows already stored are
-- left as they are (an update that leaves the column unchanged is not refused).

create function app_private.text_refusal(value text, subject text) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  if text_refusal.value ~ '[\u202A-\u202E\u2066-\u2069]' then
    return format('%s contiene caratteri nascosti che cambiano la direzione del testo: non sono ammessi',
                  text_refusal.subject);
  end if;
  if text_refusal.value <> ''
     and text_refusal.value ~ '^[\s\u00A0\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180E\u2000-\u200F\u2028\u2029\u202F\u205F-\u2064\u206A-\u206F\u2800\u3000\u3164\uFEFF\uFFA0]+$' then
    return format('%s non può contenere solo spazi o caratteri invisibili', text_refusal.subject);
  end if;
  return null;
end
$$;
comment on function app_private.text_refusal(text, text) is
  'Why a stored text would deceive its reader (direction controls, or nothing visible), in Italian; null when it is fine.';
grant execute on function app_private.text_refusal(text, text) to anon, authenticated, service_role;

-- Fired only when one of the listed columns is written. Arguments: pairs of column name and the Italian subject of the message ('Il nome', …).
create function app_private.refuse_deceptive_text() returns trigger
language plpgsql set search_path = ''
as $$
declare
  fresh jsonb := to_jsonb(new);
  stored jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) else '{}'::jsonb end;
  position integer := 0;
  refusal text;
begin
  while position < tg_nargs loop
    if fresh -> tg_argv[position] is distinct from stored -> tg_argv[position] then
      refusal := app_private.text_refusal(fresh ->> tg_argv[position], tg_argv[position + 1]);
      if refusal is not null then
        raise sqlstate '22023' using message = refusal;
      end if;
    end if;
    position := position + 2;
  end loop;
  return new;
end
$$;
comment on function app_private.refuse_deceptive_text() is
  'Trigger: refuses (22023, Italian) a new or changed text column that app_private.text_refusal refuses.';

create trigger merchants_plain_text before insert or update of name, address on app.merchants
  for each row execute function app_private.refuse_deceptive_text('name', 'Il nome', 'address', 'L''indirizzo');
create trigger clients_plain_text before insert or update of name, phone on app.clients
  for each row execute function app_private.refuse_deceptive_text('name', 'Il nome', 'phone', 'Il telefono');
create trigger operators_plain_text before insert or update of name on app.operators
  for each row execute function app_private.refuse_deceptive_text('name', 'Il nome dell''operatore');
create trigger treatments_plain_text before insert or update of name, description on app.treatments
  for each row execute function app_private.refuse_deceptive_text(
    'name', 'Il nome del trattamento', 'description', 'La descrizione');
create trigger reservations_plain_text before insert or update of notes on app.reservations
  for each row execute function app_private.refuse_deceptive_text('notes', 'Il testo della nota o del motivo');
create trigger movements_plain_text before insert or update of reversal_reason on app.movements
  for each row execute function app_private.refuse_deceptive_text('reversal_reason', 'Il motivo dello storno');
create trigger salon_closures_plain_text before insert or update of reason on app.salon_closures
  for each row execute function app_private.refuse_deceptive_text('reason', 'Il motivo');
