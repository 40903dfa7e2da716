-- Cabins and equipment: what a salon has one of (a cabin, a laser, a pedicure chair), which treatments
-- need which, and the bookings that keep each one from being used twice at once.

-- Resources
create table app.resources (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (merchant_id, id),
  constraint resources_name_length check (char_length(name) <= 100)
);
create index resources_merchant_created_at_idx on app.resources (merchant_id, created_at);
alter table app.resources enable row level security;
grant select, insert, delete on app.resources to authenticated;
grant update (name, active) on app.resources to authenticated;
grant all on app.resources to service_role;
comment on table app.resources is
  'A cabin or piece of equipment of a merchant. active = false: out of use, so the treatments that need '
  'it have no free times.';

create table app.treatment_resources (
  merchant_id uuid not null,
  treatment_id uuid not null,
  resource_id uuid not null,
  primary key (treatment_id, resource_id),
  foreign key (merchant_id, treatment_id) references app.treatments (merchant_id, id) on delete cascade,
  foreign key (merchant_id, resource_id) references app.resources (merchant_id, id) on delete cascade
);
create index treatment_resources_resource_id_idx on app.treatment_resources (resource_id);
create index treatment_resources_merchant_id_idx on app.treatment_resources (merchant_id);
alter table app.treatment_resources enable row level security;
grant select, insert, delete on app.treatment_resources to authenticated;
grant all on app.treatment_resources to service_role;
comment on table app.treatment_resources is
  'The resources a treatment needs, all of them free together (same merchant by construction).';

create table app.resource_bookings (
  reservation_id uuid not null references app.reservations (id) on delete cascade,
  merchant_id uuid not null,
  resource_id uuid not null,
  busy tstzrange not null,
  primary key (reservation_id, resource_id),
  foreign key (merchant_id, resource_id) references app.resources (merchant_id, id) on delete cascade,
  constraint resource_bookings_never_double_booked
    exclude using gist (resource_id with =, busy with &&)
);
create index resource_bookings_merchant_id_idx on app.resource_bookings (merchant_id);
alter table app.resource_bookings enable row level security;
grant select on app.resource_bookings to authenticated;
grant all on app.resource_bookings to service_role;
comment on table app.resource_bookings is
  'The resources a confirmed reservation holds, for [starts_at, ends_at) plus its pause after (the client '
  'stays through a processing time). Written only by app_private.book_resources; the exclusion constraint '
  'resource_bookings_never_double_booked keeps one resource''s bookings apart.';

-- A reservation holds its treatment's resources exactly while it is confirmed. Definer: writes the
-- bookings whoever confirms; a clash raises the exclusion violation in the confirming statement itself.
create function app_private.book_resources() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from app.resource_bookings b where b.reservation_id = new.id;
  if new.status = 'confermata' then
    insert into app.resource_bookings (reservation_id, merchant_id, resource_id, busy)
    select new.id, new.merchant_id, tr.resource_id,
           tstzrange(new.starts_at, new.ends_at + make_interval(mins => new.buffer_minutes))
      from app.treatment_resources tr
     where tr.treatment_id = new.treatment_id and tr.merchant_id = new.merchant_id;
  end if;
  return null;
end
$$;

create trigger reservations_hold_their_resources
  after insert or update of status, starts_at, ends_at on app.reservations
  for each row execute function app_private.book_resources();

-- Are the resources a treatment needs all active and free for it at [starts_at, ends_at) (its pause
-- after included), other than except_reservation_id's? Definer: reads every salon's bookings;
-- callers have checked the caller.
create function app_private.resources_free(
  treatment_id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  except_reservation_id uuid default null
) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  return not exists (
    select 1
      from app.treatment_resources tr
      join app.resources rs on rs.id = tr.resource_id
     where tr.treatment_id = resources_free.treatment_id
       and (not rs.active
            or exists (
              select 1 from app.resource_bookings b
               where b.resource_id = tr.resource_id
                 and b.busy && range_merge(app_private.candidate_busy(
                       resources_free.treatment_id, resources_free.starts_at, resources_free.ends_at,
                       resources_free.except_reservation_id))
                 and b.reservation_id is distinct from resources_free.except_reservation_id))
  );
end
$$;
grant execute on function app_private.resources_free(uuid, timestamptz, timestamptz, uuid)
  to authenticated, service_role;

-- The Italian message for a resource in use, naming it when the caller knows which.
create function app_private.resource_taken_message(resource_name text default null) returns text
language sql immutable set search_path = ''
as $$
  select case
    when resource_taken_message.resource_name is null
      then 'Orario non disponibile: una cabina o un''attrezzatura necessaria è già occupata in questa fascia'
    else format('Orario non disponibile: %s è già in uso in quell''orario', resource_taken_message.resource_name)
  end
$$;
grant execute on function app_private.resource_taken_message(text) to authenticated, service_role;

-- The resource that keeps a reservation from being confirmed: one its treatment needs, held by another
-- reservation over the time it would hold it (app_private.book_resources); null when none is.
create function app_private.taken_resource_name(reservation_id uuid) returns text
language sql stable set search_path = ''
as $$
  select rs.name
    from app.reservations r
    join app.treatment_resources tr on tr.treatment_id = r.treatment_id and tr.merchant_id = r.merchant_id
    join app.resources rs on rs.id = tr.resource_id
   where r.id = taken_resource_name.reservation_id
     and exists (
       select 1 from app.resource_bookings b
        where b.resource_id = rs.id and b.reservation_id <> r.id
          and b.busy && tstzrange(r.starts_at, r.ends_at + make_interval(mins => r.buffer_minutes)))
   order by rs.name
   limit 1
$$;
grant execute on function app_private.taken_resource_name(uuid) to authenticated, service_role;

-- api: the salon's resources
create function api.list_resources()
returns table (id uuid, name text, active boolean, treatment_ids uuid[], created_at timestamptz)
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return query
    select rs.id, rs.name, rs.active,
           coalesce((select array_agg(tr.treatment_id order by tr.treatment_id)
                       from app.treatment_resources tr where tr.resource_id = rs.id), '{}'),
           rs.created_at
      from app.resources rs
     where rs.merchant_id = caller_merchant_id
     order by rs.created_at, rs.name;
end
$$;
grant execute on function api.list_resources() to authenticated;
comment on function api.list_resources() is
  'Merchant only: its cabins and equipment, oldest first, with whether each is in use (active) and the '
  'treatments that need it.';

create function api.add_resource(name text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(add_resource.name, '')), '');
  new_id uuid;
begin
  if new_name is null then
    raise sqlstate 'P0001' using message = 'Il nome della risorsa è obbligatorio';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome della risorsa');
  insert into app.resources (merchant_id, name) values (caller_merchant_id, new_name) returning id into new_id;
  return jsonb_build_object('id', new_id, 'message', 'Risorsa registrata');
end
$$;
grant execute on function api.add_resource(text) to authenticated;
comment on function api.add_resource(text) is
  'Merchant only: registers a cabin or piece of equipment (name up to 100 characters), in use.';

create function api.update_resource(resource_id uuid, name text, active boolean default true) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  new_name text := nullif(btrim(coalesce(update_resource.name, '')), '');
begin
  if new_name is null then
    raise sqlstate 'P0001' using message = 'Il nome della risorsa è obbligatorio';
  end if;
  perform app_private.require_max_length(new_name, 100, 'Il nome della risorsa');
  update app.resources rs set name = new_name, active = coalesce(update_resource.active, true)
   where rs.id = update_resource.resource_id and rs.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Risorsa non trovata';
  end if;
  return jsonb_build_object('message', 'Risorsa aggiornata');
end
$$;
grant execute on function api.update_resource(uuid, text, boolean) to authenticated;
comment on function api.update_resource(uuid, text, boolean) is
  'Merchant only: renames one of its resources and says whether it is in use (not in use: the treatments '
  'that need it have no free times; appointments already confirmed stay).';

create function api.delete_resource(resource_id uuid) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  delete from app.resources rs
   where rs.id = delete_resource.resource_id and rs.merchant_id = caller_merchant_id;
  if not found then
    raise sqlstate 'P0001' using message = 'Risorsa non trovata';
  end if;
  return jsonb_build_object('message', 'Risorsa eliminata');
end
$$;
grant execute on function api.delete_resource(uuid) to authenticated;
comment on function api.delete_resource(uuid) is
  'Merchant only: deletes one of its resources; its treatments no longer need it.';

create function api.set_treatment_resources(treatment_id uuid, resource_ids uuid[]) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  chosen uuid[] := (select coalesce(array_agg(distinct chosen_id), '{}')
                      from unnest(set_treatment_resources.resource_ids) as chosen_id);
begin
  if not exists (select 1 from app.treatments t
                  where t.id = set_treatment_resources.treatment_id and t.merchant_id = caller_merchant_id) then
    raise sqlstate 'P0001' using message = 'Trattamento non trovato';
  end if;
  if array_position(chosen, null) is not null
     or (select count(*) from app.resources rs
          where rs.merchant_id = caller_merchant_id and rs.id = any (chosen)) <> cardinality(chosen) then
    raise sqlstate 'P0001' using message = 'Risorsa non trovata';
  end if;
  delete from app.treatment_resources tr
   where tr.treatment_id = set_treatment_resources.treatment_id and tr.merchant_id = caller_merchant_id;
  insert into app.treatment_resources (merchant_id, treatment_id, resource_id)
  select caller_merchant_id, set_treatment_resources.treatment_id, chosen_id from unnest(chosen) as chosen_id;
  return jsonb_build_object('message', 'Risorse del trattamento aggiornate');
end
$$;
grant execute on function api.set_treatment_resources(uuid, uuid[]) to authenticated;
comment on function api.set_treatment_resources(uuid, uuid[]) is
  'Merchant only: the resources one of its treatments needs (empty: none), all of its own salon; '
  'appointments already confirmed keep the ones they hold.';

-- Resources ----------------------------------------------------------------
create policy "Merchants see their own resources" on app.resources
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants add their own resources" on app.resources
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants update their own resources" on app.resources
  for update to authenticated
  using (merchant_id = (select app_private.current_merchant_id()))
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants delete their own resources" on app.resources
  for delete to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants see which resources their treatments need" on app.treatment_resources
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants say which resources their treatments need" on app.treatment_resources
  for insert to authenticated
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants take resources off their treatments" on app.treatment_resources
  for delete to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Merchants see the bookings of their resources" on app.resource_bookings
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create trigger resources_plain_text before insert or update of name on app.resources
  for each row execute function app_private.refuse_deceptive_text('name', 'Il nome della risorsa');
