-- What a salon offers: operators (with photos), treatments and which operators perform them.

-- Operators
create table app.operators (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  image_path text check (image_path is null or btrim(image_path) <> ''),
  created_at timestamptz not null default now(),
  unique (merchant_id, id),
  constraint operators_name_length check (char_length(name) <= 100),
  constraint operators_image_path_length check (char_length(image_path) <= 255)
);
create index operators_merchant_created_at_idx on app.operators (merchant_id, created_at);
alter table app.operators enable row level security;
grant select, insert, delete on app.operators to authenticated;
grant update (name, image_path) on app.operators to authenticated;
grant all on app.operators to service_role;
comment on table app.operators is
  'The people of a merchant who perform treatments. image_path is the photo''s object name in the '
  'public bucket operatori (''{merchant_id}/...'').';

-- Treatments and the operators who perform them
create table app.treatments (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  description text not null check (btrim(description) <> ''),
  duration_minutes integer not null check (duration_minutes > 0 and duration_minutes <= 24 * 60),
  price numeric(10, 2) not null check (price >= 0),
  for_all_operators boolean not null default true,
  created_at timestamptz not null default now(),
  unique (merchant_id, id),
  constraint treatments_name_length check (char_length(name) <= 100),
  constraint treatments_description_length check (char_length(description) <= 1000),
  constraint treatments_price_is_finite check (price <> 'NaN'),
  constraint treatments_price_at_most_10000 check (price <= 10000),
  constraint treatments_duration_5_to_600 check (duration_minutes between 5 and 600),
  buffer_minutes integer not null default 0,
  processing_offset_minutes integer,
  processing_minutes integer,
  constraint treatments_buffer_0_to_60_by_5 check (buffer_minutes between 0 and 60 and buffer_minutes % 5 = 0),
  constraint treatments_processing_inside check (
    (processing_offset_minutes is null) = (processing_minutes is null)
    and (processing_offset_minutes is null
         or (processing_offset_minutes >= 5 and processing_minutes >= 5
             and processing_offset_minutes % 5 = 0 and processing_minutes % 5 = 0
             and processing_offset_minutes + processing_minutes < duration_minutes)))
);
create index treatments_merchant_created_at_idx on app.treatments (merchant_id, created_at);
alter table app.treatments enable row level security;
grant select, insert, delete on app.treatments to authenticated;
grant all on app.treatments to service_role;
grant update (name, description, duration_minutes, price, for_all_operators) on app.treatments to authenticated;
grant update (buffer_minutes, processing_offset_minutes, processing_minutes) on app.treatments to authenticated;
comment on table app.treatments is
  'What a merchant offers: duration in minutes and price in euro. for_all_operators = every operator '
  'performs it; otherwise app.treatment_operators lists who does. buffer_minutes: after the treatment its '
  'operator stays busy (cleaning, 0-60, by 5); processing_offset_minutes/processing_minutes: a gap inside '
  'it (colour that sets) when the operator is free for others while the client stays (both or neither).';

create table app.treatment_operators (
  merchant_id uuid not null,
  treatment_id uuid not null,
  operator_id uuid not null,
  primary key (treatment_id, operator_id),
  foreign key (merchant_id, treatment_id) references app.treatments (merchant_id, id) on delete cascade,
  foreign key (merchant_id, operator_id) references app.operators (merchant_id, id) on delete cascade
);
create index treatment_operators_operator_id_idx on app.treatment_operators (operator_id);
create index treatment_operators_merchant_id_idx on app.treatment_operators (merchant_id);
alter table app.treatment_operators enable row level security;
grant select, insert, delete on app.treatment_operators to authenticated;
grant all on app.treatment_operators to service_role;
comment on table app.treatment_operators is
  'The operators who perform a treatment that is not for all operators (same merchant by construction).';

-- Operator photos: every reader goes through this one helper
create or replace function app_private.operator_image_url(image_path text) returns text
language sql immutable set search_path = ''
as $$
  select operator_image_url.image_path
$$;
grant execute on function app_private.operator_image_url(text) to authenticated, service_role;
comment on function app_private.operator_image_url(text) is
  'An operator photo as the readers return it: its object path in bucket operatori (null without a photo).';

-- Operators
create function api.list_operators()
returns table (id uuid, name text, image_path text, image_url text, created_at timestamptz)
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return query
    select o.id, o.name, o.image_path, app_private.operator_image_url(o.image_path), o.created_at
      from app.operators o
     where o.merchant_id = caller_merchant_id
     order by o.created_at, o.name;
end
$$;
grant execute on function api.list_operators() to authenticated;
comment on function api.list_operators() is
  'Merchant only: its operators, oldest first, with image_url, the object path of each photo in bucket operatori (null when none).';

-- The photo must sit in the merchant's own folder of bucket operatori ('{merchant_id}/file').
create function app_private.check_operator_image(image_path text, merchant_id uuid) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if check_operator_image.image_path not like check_operator_image.merchant_id::text || '/_%'
     or check_operator_image.image_path like '%..%' then
    raise sqlstate 'P0001' using message = 'Immagine non valida';
  end if;
end
$$;
grant execute on function app_private.check_operator_image(text, uuid) to authenticated, service_role;

-- Operators: name and photo path bounded
create or replace function api.add_operator(name text, image_path text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(add_operator.name, '')), '');
  new_path text := nullif(btrim(coalesce(add_operator.image_path, '')), '');
  new_id uuid;
begin
  if new_name is null then
    raise sqlstate 'P0001' using message = 'Il nome dell''operatore è obbligatorio';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome dell''operatore');
  if new_path is null then
    raise sqlstate 'P0001' using message = 'L''immagine dell''operatore è obbligatoria';
  end if;
  if char_length(new_path) > 255 then
    raise sqlstate 'P0001' using message = 'Immagine non valida';
  end if;
  perform app_private.check_operator_image(new_path, caller_merchant_id);
  insert into app.operators (merchant_id, name, image_path)
  values (caller_merchant_id, new_name, new_path)
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'message', 'Operatore registrato con successo!');
end
$$;
grant execute on function api.add_operator(text, text) to authenticated;
comment on function api.add_operator(text, text) is
  'Merchant only: registers an operator; name (at most 100 characters) and photo (object in its folder of '
  'bucket operatori) required.';

create or replace function api.update_operator(operator_id uuid, name text, image_path text default null) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(update_operator.name, '')), '');
  new_path text := nullif(btrim(coalesce(update_operator.image_path, '')), '');
begin
  if new_name is null then
    raise sqlstate 'P0001' using message = 'Il nome dell''operatore è obbligatorio';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome dell''operatore');
  if new_path is not null then
    if char_length(new_path) > 255 then
      raise sqlstate 'P0001' using message = 'Immagine non valida';
    end if;
    perform app_private.check_operator_image(new_path, caller_merchant_id);
  end if;
  update app.operators o
     set name = new_name, image_path = coalesce(new_path, o.image_path)
   where o.id = update_operator.operator_id and o.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  return jsonb_build_object('message', 'Operatore aggiornato con successo!');
end
$$;
grant execute on function api.update_operator(uuid, text, text) to authenticated;
comment on function api.update_operator(uuid, text, text) is
  'Merchant only: renames an operator (at most 100 characters) and, when image_path is given, replaces its photo.';

create function api.delete_operator(operator_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  delete from app.operators o
   where o.id = delete_operator.operator_id and o.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  return jsonb_build_object('message', 'Operatore eliminato');
end
$$;
grant execute on function api.delete_operator(uuid) to authenticated;
comment on function api.delete_operator(uuid) is
  'Merchant only: deletes an operator; its reservations stay, as ''Nessuna preferenza''.';

-- Treatments
create function api.list_treatments()
returns table (
  id uuid, name text, description text, duration_minutes integer, price numeric,
  for_all_operators boolean, operator_ids uuid[], created_at timestamptz,
  buffer_minutes integer, processing_offset_minutes integer, processing_minutes integer
)
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return query
    select t.id, t.name, t.description, t.duration_minutes, t.price::numeric, t.for_all_operators,
           coalesce((select array_agg(tos.operator_id order by tos.operator_id)
                       from app.treatment_operators tos where tos.treatment_id = t.id), '{}'),
           t.created_at, t.buffer_minutes, t.processing_offset_minutes, t.processing_minutes
      from app.treatments t
     where t.merchant_id = caller_merchant_id
     order by t.created_at, t.name;
end
$$;
grant execute on function api.list_treatments() to authenticated;
comment on function api.list_treatments() is
  'Merchant only: its treatments, oldest first; operator_ids lists the chosen operators (empty when '
  'for_all_operators); buffer_minutes and the processing gap (offset and minutes, null when none).';

-- A treatment's timing: the pause after it and the processing gap inside it, refused in Italian.
create function app_private.check_treatment_timing(
  duration_minutes integer,
  buffer_minutes integer,
  processing_offset_minutes integer,
  processing_minutes integer
) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if check_treatment_timing.buffer_minutes is null or check_treatment_timing.buffer_minutes < 0
     or check_treatment_timing.buffer_minutes > 60 or check_treatment_timing.buffer_minutes % 5 <> 0 then
    raise sqlstate '22023'
      using message = 'La pausa dopo il trattamento deve essere tra 0 e 60 minuti, a multipli di 5';
  end if;
  if (check_treatment_timing.processing_offset_minutes is null)
     <> (check_treatment_timing.processing_minutes is null) then
    raise sqlstate '22023' using message = 'Indica sia l''inizio sia la durata del tempo di posa';
  end if;
  if check_treatment_timing.processing_offset_minutes is not null and (
       check_treatment_timing.processing_offset_minutes < 5 or check_treatment_timing.processing_minutes < 5
       or check_treatment_timing.processing_offset_minutes % 5 <> 0
       or check_treatment_timing.processing_minutes % 5 <> 0
       or check_treatment_timing.processing_offset_minutes + check_treatment_timing.processing_minutes
          >= check_treatment_timing.duration_minutes) then
    raise sqlstate '22023' using message =
      'Il tempo di posa deve cominciare e finire dentro la durata del trattamento, a multipli di 5 minuti';
  end if;
end
$$;
grant execute on function app_private.check_treatment_timing(integer, integer, integer, integer)
  to authenticated, service_role;

-- Treatments: texts bounded, duration 5..600 minutes, price a finite 0..10000.00 euro
create or replace function api.add_treatment(
  name text,
  description text,
  duration_minutes integer,
  price numeric,
  operator_ids uuid[] default null,
  buffer_minutes integer default 0,
  processing_offset_minutes integer default null,
  processing_minutes integer default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(add_treatment.name, '')), '');
  new_description text := nullif(btrim(coalesce(add_treatment.description, '')), '');
  chosen uuid[] := (select array_agg(distinct chosen_id) from unnest(add_treatment.operator_ids) as chosen_id);
  new_id uuid;
begin
  if new_name is null or new_description is null or add_treatment.duration_minutes is null
     or add_treatment.price is null
     or (add_treatment.operator_ids is not null and chosen is null) then
    raise sqlstate 'P0001' using message = 'Compila tutti i campi del form';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome del trattamento');
  perform app_private.require_max_length(new_description, 1000, 'La descrizione');
  if add_treatment.duration_minutes < 5 or add_treatment.duration_minutes > 600 then
    raise sqlstate '22023' using message = 'La durata deve essere compresa tra 5 e 600 minuti';
  end if;
  perform app_private.check_treatment_timing(add_treatment.duration_minutes, add_treatment.buffer_minutes,
                                             add_treatment.processing_offset_minutes, add_treatment.processing_minutes);
  perform app_private.require_finite(add_treatment.price, 'Il prezzo non è valido');
  if add_treatment.price < 0 or round(add_treatment.price, 2) > 10000 then
    raise sqlstate '22023' using message = 'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00';
  end if;
  if array_position(chosen, null) is not null
     or (select count(*) from app.operators o
          where o.merchant_id = caller_merchant_id and o.id = any (chosen)) <> coalesce(cardinality(chosen), 0) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  insert into app.treatments (merchant_id, name, description, duration_minutes, price, for_all_operators,
                              buffer_minutes, processing_offset_minutes, processing_minutes)
  values (caller_merchant_id, new_name, new_description, add_treatment.duration_minutes,
          round(add_treatment.price, 2), chosen is null, add_treatment.buffer_minutes,
          add_treatment.processing_offset_minutes, add_treatment.processing_minutes)
  returning id into new_id;
  insert into app.treatment_operators (merchant_id, treatment_id, operator_id)
  select caller_merchant_id, new_id, chosen_id from unnest(chosen) as chosen_id;
  return jsonb_build_object('id', new_id, 'message', 'Trattamento registrato!');
end
$$;
grant execute on function api.add_treatment(text, text, integer, numeric, uuid[], integer, integer, integer)
  to authenticated;
comment on function api.add_treatment(text, text, integer, numeric, uuid[], integer, integer, integer) is
  'Merchant only: registers a treatment (all fields required; name up to 100 characters, description up to '
  '1000, duration 5 to 600 minutes, price 0 to 10000.00 euro); operator_ids null = every operator, '
  'otherwise at least one of its operators. Optional: buffer_minutes after it (0-60, by 5) and a processing '
  'gap inside it (processing_offset_minutes from its start, processing_minutes long, both by 5).';

create function api.delete_treatment(treatment_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  delete from app.treatments t
   where t.id = delete_treatment.treatment_id and t.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Trattamento non trovato';
  end if;
  return jsonb_build_object('message', 'Trattamento eliminato');
end
$$;
grant execute on function api.delete_treatment(uuid) to authenticated;
comment on function api.delete_treatment(uuid) is
  'Merchant only: deletes a treatment; reservations already made keep its name.';

-- Treatments and operators a client can book
create function api.bookable_treatments(merchant_slug text)
returns table (
  id uuid, name text, description text, duration_minutes integer, price numeric, operators jsonb
)
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(bookable_treatments.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
begin
  return query
    select t.id, t.name, t.description, t.duration_minutes, t.price::numeric,
           coalesce((
             select jsonb_agg(jsonb_build_object(
                      'id', o.id, 'name', o.name, 'image_url', app_private.operator_image_url(o.image_path)
                    ) order by o.name, o.id)
               from app.operators o
              where o.merchant_id = caller_merchant_id
                and (t.for_all_operators
                     or exists (select 1 from app.treatment_operators tos
                                 where tos.treatment_id = t.id and tos.operator_id = o.id))
           ), '[]'::jsonb)
      from app.treatments t
     where t.merchant_id = caller_merchant_id
     order by t.name, t.id;
end
$$;
grant execute on function api.bookable_treatments(text) to authenticated;
comment on function api.bookable_treatments(text) is
  'Client only: the merchant''s treatments, each with the operators who perform it.';

-- The merchant's treatment, and the operator if one is chosen, checked to perform it.
create function app_private.bookable_treatment(merchant_id uuid, treatment_id uuid, operator_id uuid)
returns app.treatments
language plpgsql stable set search_path = ''
as $$
declare
  chosen app.treatments;
begin
  select t.* into chosen from app.treatments t
   where t.id = bookable_treatment.treatment_id and t.merchant_id = bookable_treatment.merchant_id;
  if chosen.id is null then
    raise sqlstate 'P0001' using message = 'Trattamento non trovato';
  end if;
  if bookable_treatment.operator_id is not null and not exists (
       select 1 from app.operators o
        where o.id = bookable_treatment.operator_id and o.merchant_id = bookable_treatment.merchant_id
          and (chosen.for_all_operators
               or exists (select 1 from app.treatment_operators tos
                           where tos.treatment_id = chosen.id and tos.operator_id = o.id))
     ) then
    raise sqlstate 'P0001' using message = 'L''operatore scelto non esegue questo trattamento';
  end if;
  return chosen;
end
$$;
grant execute on function app_private.bookable_treatment(uuid, uuid, uuid) to authenticated, service_role;

-- An operator with future confirmed appointments stays
-- Definer: counts every client's appointments. Skipped when the whole merchant is being deleted.
create function app_private.keep_operators_with_appointments() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  upcoming integer;
begin
  if not exists (select 1 from app.merchants m where m.id = old.merchant_id) then
    return old;
  end if;
  select count(*) into upcoming from app.reservations r
   where r.operator_id = old.id and r.status = 'confermata' and r.ends_at > now();
  if upcoming > 0 then
    raise sqlstate 'P0001' using message = format(
      'Impossibile eliminare: l''operatore ha %s %s', upcoming,
      case when upcoming = 1 then 'appuntamento futuro confermato' else 'appuntamenti futuri confermati' end);
  end if;
  -- Requests still waiting that named this operator become requests for any operator (the foreign key
  -- clears operator_id, app_private.remember_operator_name the name); past appointments keep the name.
  return old;
end
$$;

-- Who performs a treatment, who is free
-- The merchant's operators who perform a treatment (every operator when the treatment was deleted).
create function app_private.performing_operator_ids(merchant_id uuid, treatment_id uuid)
returns setof uuid
language sql stable set search_path = ''
as $$
  select o.id from app.operators o
   where o.merchant_id = performing_operator_ids.merchant_id
     and (performing_operator_ids.treatment_id is null
          or exists (select 1 from app.treatments t
                      where t.id = performing_operator_ids.treatment_id and t.for_all_operators)
          or exists (select 1 from app.treatment_operators tos
                      where tos.treatment_id = performing_operator_ids.treatment_id and tos.operator_id = o.id))
$$;
grant execute on function app_private.performing_operator_ids(uuid, uuid) to authenticated, service_role;

-- api.update_treatment
create function api.update_treatment(
  treatment_id uuid,
  name text,
  description text,
  duration_minutes integer,
  price numeric,
  operator_ids uuid[] default null,
  buffer_minutes integer default 0,
  processing_offset_minutes integer default null,
  processing_minutes integer default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(update_treatment.name, '')), '');
  new_description text := nullif(btrim(coalesce(update_treatment.description, '')), '');
  chosen uuid[] := (select array_agg(distinct chosen_id) from unnest(update_treatment.operator_ids) as chosen_id);
begin
  if new_name is null or new_description is null or update_treatment.duration_minutes is null
     or update_treatment.price is null
     or (update_treatment.operator_ids is not null and chosen is null) then
    raise sqlstate 'P0001' using message = 'Compila tutti i campi del form';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome del trattamento');
  perform app_private.require_max_length(new_description, 1000, 'La descrizione');
  if update_treatment.duration_minutes < 5 or update_treatment.duration_minutes > 600 then
    raise sqlstate '22023' using message = 'La durata deve essere compresa tra 5 e 600 minuti';
  end if;
  perform app_private.check_treatment_timing(update_treatment.duration_minutes, update_treatment.buffer_minutes,
                                             update_treatment.processing_offset_minutes, update_treatment.processing_minutes);
  perform app_private.require_finite(update_treatment.price, 'Il prezzo non è valido');
  if update_treatment.price < 0 or round(update_treatment.price, 2) > 10000 then
    raise sqlstate '22023' using message = 'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00';
  end if;
  if array_position(chosen, null) is not null
     or (select count(*) from app.operators o
          where o.merchant_id = caller_merchant_id and o.id = any (chosen)) <> coalesce(cardinality(chosen), 0) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  update app.treatments t
     set name = new_name, description = new_description, duration_minutes = update_treatment.duration_minutes,
         price = round(update_treatment.price, 2), for_all_operators = chosen is null,
         buffer_minutes = update_treatment.buffer_minutes,
         processing_offset_minutes = update_treatment.processing_offset_minutes,
         processing_minutes = update_treatment.processing_minutes
   where t.id = update_treatment.treatment_id and t.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Trattamento non trovato';
  end if;
  delete from app.treatment_operators tos
   where tos.treatment_id = update_treatment.treatment_id and tos.merchant_id = caller_merchant_id;
  insert into app.treatment_operators (merchant_id, treatment_id, operator_id)
  select caller_merchant_id, update_treatment.treatment_id, chosen_id from unnest(chosen) as chosen_id;
  return jsonb_build_object('message', 'Trattamento aggiornato');
end
$$;
grant execute on function api.update_treatment(uuid, text, text, integer, numeric, uuid[], integer, integer, integer)
  to authenticated;
comment on function api.update_treatment(uuid, text, text, integer, numeric, uuid[], integer, integer, integer) is
  'Merchant only: changes one of its treatments (same fields and bounds as add_treatment); operator_ids '
  'null = every operator, otherwise at least one of its operators; the pause and processing gap as in '
  'add_treatment (left out: none). Reservations already made keep their times, pause and processing gap '
  'and the name they were booked with.';

-- What deleting an operator would do
create function api.operator_deletion_impact(operator_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if not exists (select 1 from app.operators o
                  where o.id = operator_deletion_impact.operator_id and o.merchant_id = caller_merchant_id) then
    raise sqlstate 'P0001' using message = 'Operatore non trovato';
  end if;
  return (
    select jsonb_build_object(
      'upcoming_appointments', count(*) filter (where r.status = 'confermata' and r.ends_at > now()),
      'waiting_requests', count(*) filter (where r.status in ('in attesa', 'modificata') and r.starts_at > now()))
      from app.reservations r
     where r.merchant_id = caller_merchant_id and r.operator_id = operator_deletion_impact.operator_id
  );
end
$$;
grant execute on function api.operator_deletion_impact(uuid) to authenticated;
comment on function api.operator_deletion_impact(uuid) is
  'Merchant only: what deleting one of its operators would do: upcoming_appointments (confirmed, not '
  'ended: while any, the deletion is refused) and waiting_requests (not started, naming the operator: '
  'they become requests without preference).';

create trigger operators_with_future_appointments_stay
  before delete on app.operators
  for each row execute function app_private.keep_operators_with_appointments();

-- Operators ---------------------------------------------------------------
create policy "Merchants see their own operators" on app.operators
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Clients see the operators of their merchants" on app.operators
  for select to authenticated
  using (merchant_id = any ((select app_private.my_client_merchant_ids())::uuid[]));

create policy "Merchants add their own operators" on app.operators
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants update their own operators" on app.operators
  for update to authenticated
  using (merchant_id = (select app_private.current_merchant_id()))
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants delete their own operators" on app.operators
  for delete to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

-- Treatments --------------------------------------------------------------
create policy "Merchants see their own treatments" on app.treatments
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Clients see the treatments of their merchants" on app.treatments
  for select to authenticated
  using (merchant_id = any ((select app_private.my_client_merchant_ids())::uuid[]));

create policy "Merchants add their own treatments" on app.treatments
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants delete their own treatments" on app.treatments
  for delete to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants see who performs their treatments" on app.treatment_operators
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Clients see who performs their merchants' treatments" on app.treatment_operators
  for select to authenticated
  using (merchant_id = any ((select app_private.my_client_merchant_ids())::uuid[]));

create policy "Merchants assign operators to their own treatments" on app.treatment_operators
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants unassign operators from their own treatments" on app.treatment_operators
  for delete to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants update their own treatments" on app.treatments
  for update to authenticated
  using (merchant_id = (select app_private.current_merchant_id()))
  with check (merchant_id = (select app_private.current_merchant_id()));

-- Names, notes and reasons that cannot deceive (app_private.refuse_deceptive_text)
create trigger operators_plain_text before insert or update of name on app.operators
  for each row execute function app_private.refuse_deceptive_text('name', 'Il nome dell''operatore');
create trigger treatments_plain_text before insert or update of name, description on app.treatments
  for each row execute function app_private.refuse_deceptive_text(
    'name', 'Il nome del trattamento', 'description', 'La descrizione');
