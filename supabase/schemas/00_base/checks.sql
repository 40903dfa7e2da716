-- Pure helpers shared by every domain: bounds on numbers and texts, paging, search patterns, slugs,
-- e-mail and phone shapes, Italian dates and Rome's today.

-- Pure helpers
create function app_private.slugify(name text) returns text
language sql immutable set search_path = ''
as $$
  -- Spec §5: trimmed, lowercased, whitespace removed, every character other than a-z and 0-9 removed.
  select regexp_replace(lower(btrim(coalesce(slugify.name, ''))), '[^a-z0-9]', '', 'g')
$$;
grant execute on function app_private.slugify(text) to anon, authenticated, service_role;

create function app_private.column_letters(number integer) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  remaining integer := column_letters.number;
  letters text := '';
begin
  -- Spreadsheet column letters: 1 = A, 26 = Z, 27 = AA.
  while remaining > 0 loop
    remaining := remaining - 1;
    letters := chr(65 + remaining % 26) || letters;
    remaining := remaining / 26;
  end loop;
  return letters;
end
$$;
grant execute on function app_private.column_letters(integer) to anon, authenticated, service_role;

create function app_private.is_valid_email(email text) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce(is_valid_email.email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$', false)
$$;
grant execute on function app_private.is_valid_email(text) to anon, authenticated, service_role;

-- 'Maria Rossi' -> 'Maria R.'; a single word stays as it is.
create function app_private.display_name(name text) returns text
language sql immutable set search_path = ''
as $$
  select case
    when array_length(parts, 1) > 1 then parts[1] || ' ' || upper(left(parts[array_length(parts, 1)], 1)) || '.'
    else coalesce(parts[1], '')
  end
  from (select regexp_split_to_array(btrim(coalesce(display_name.name, '')), '[[:space:]]+') as parts) as split
$$;
grant execute on function app_private.display_name(text) to anon, authenticated, service_role;

create or replace function app_private.check_page(page integer, page_size integer) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if check_page.page is null or check_page.page < 1 or check_page.page > 1000000
     or check_page.page_size is null or check_page.page_size < 1 or check_page.page_size > 1000 then
    raise sqlstate 'P0001' using message = 'Pagina non valida';
  end if;
end
$$;
grant execute on function app_private.check_page(integer, integer) to authenticated, service_role;

-- A search text as a case-insensitive LIKE pattern, its wildcards escaped; null when empty.
create function app_private.search_pattern(search text) returns text
language sql immutable set search_path = ''
as $$
  select case when nullif(btrim(coalesce(search_pattern.search, '')), '') is null then null
    else '%' || replace(replace(replace(lower(btrim(search_pattern.search)), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end
$$;
grant execute on function app_private.search_pattern(text) to authenticated, service_role;

-- Calendar and grid (spec §9): 30 days from today, 09:00-19:00 every 15 minutes, Europe/Rome
create function app_private.rome_today() returns date
language sql stable set search_path = ''
as $$
  select (now() at time zone 'Europe/Rome')::date
$$;
grant execute on function app_private.rome_today() to authenticated, service_role;

-- Helpers
create function app_private.is_finite(value numeric) returns boolean
language sql immutable set search_path = ''
as $$
  select is_finite.value is null
      or (is_finite.value <> 'NaN'::numeric
          and is_finite.value < 'Infinity'::numeric
          and is_finite.value > '-Infinity'::numeric)
$$;
grant execute on function app_private.is_finite(numeric) to anon, authenticated, service_role;
comment on function app_private.is_finite(numeric) is 'True for null and every real number; false for NaN and ±Infinity.';

-- Raises 22023 with the message unless the number is finite (null passes: required-ness is checked apart).
create function app_private.require_finite(value numeric, message text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if not app_private.is_finite(require_finite.value) then
    raise sqlstate '22023' using message = require_finite.message;
  end if;
end
$$;
grant execute on function app_private.require_finite(numeric, text) to anon, authenticated, service_role;

-- Raises 22001 "<subject> può contenere al massimo <n> caratteri" when the text is longer.
create function app_private.require_max_length(value text, max_length integer, subject text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if char_length(require_max_length.value) > require_max_length.max_length then
    raise sqlstate '22001'
      using message = format('%s può contenere al massimo %s caratteri', require_max_length.subject,
                             require_max_length.max_length);
  end if;
end
$$;
grant execute on function app_private.require_max_length(text, integer, text) to anon, authenticated, service_role;

-- Reasons are short texts
create function app_private.required_reason(reason text, missing_message text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  cleaned text := nullif(btrim(coalesce(required_reason.reason, '')), '');
begin
  if cleaned is null then
    raise sqlstate 'P0001' using message = required_reason.missing_message;
  end if;
  if length(cleaned) > 500 then
    raise sqlstate 'P0001' using message = 'La motivazione può contenere al massimo 500 caratteri';
  end if;
  return cleaned;
end
$$;
grant execute on function app_private.required_reason(text, text) to authenticated, service_role;

-- Helpers: a comparable phone number, an Italian short date
create function app_private.normalized_phone(phone text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  -- Unicode digits (full-width, mathematical, Arabic-Indic, Devanagari) written as ASCII ones.
  written text := translate(normalize(coalesce(normalized_phone.phone, ''), nfkc),
                            '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹०१२३४५६७८९',
                            '012345678901234567890123456789');
  international boolean := written ~ '^[^0-9+]*(\+|00)';
  digits text := regexp_replace(regexp_replace(written, '^[^0-9+]*(\+|00)', ''), '[^0-9]', '', 'g');
begin
  -- A number written without a country code is Italian.
  if not international then
    digits := '39' || digits;
  end if;
  if length(digits) < 8 or length(digits) > 15 then
    return null;
  end if;
  return '+' || digits;
end
$$;
grant execute on function app_private.normalized_phone(text) to authenticated, service_role;
comment on function app_private.normalized_phone(text) is
  'A phone number in E.164 (+393331234567), whatever digits, spaces, signs or prefix (+39, 0039) it was written '
  'with; a number without a country code is Italian; null when it has fewer than 6 digits or is too long.';

create function app_private.italian_short_date(instant timestamptz) returns text
language sql stable set search_path = ''
as $$
  select extract(day from local)::integer || ' '
         || (array['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'])
              [extract(month from local)::integer]
         || ' ' || extract(year from local)::integer
    from (select italian_short_date.instant at time zone 'Europe/Rome' as local) as rome;
$$;
grant execute on function app_private.italian_short_date(timestamptz) to authenticated;
comment on function app_private.italian_short_date(timestamptz) is
  'An instant''s date in Europe/Rome as Italians abbreviate it: "12 nov 2026".';

-- Texts that cannot deceive their reader: no direction controls, not only invisible characters
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
