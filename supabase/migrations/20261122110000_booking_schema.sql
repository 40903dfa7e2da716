-- Booking schema: a merchant's operators (with photos) and treatments, and the reservations its
-- clients make, with the state machine of spec §4 enforced by policies and a trigger.
--
-- Why this shape:
-- * Every booking row carries merchant_id, and composite foreign keys (merchant_id, ...) make it
--   impossible to link a reservation, treatment or operator of one merchant to another's.
-- * A reservation keeps starts_at and ends_at (start + the treatment's duration at booking time) as
--   instants; dates and times are shown in Europe/Rome. It also keeps the treatment's name, so that
--   deleting a treatment or an operator never erases the history: their ids become null and the
--   row still reads 'Nessuna preferenza' / the treatment booked.
-- * No operator is ever double-booked among confirmed reservations. An exclusion constraint would
--   need btree_gist, which the embedded database does not load, so every function that can make a
--   reservation overlap a confirmed one (book, confirm, modify, accept) first locks the operator's
--   row (app_private.claim_operator_slot) and checks overlaps under that lock.
-- * The state machine: only the merchant leaves 'in attesa' (-> confermata, modificata, rifiutata);
--   only the client leaves 'modificata' (-> confermata, rifiutata); 'confermata' and 'rifiutata'
--   are final. Update policies admit only those starting states per role and a trigger refuses any
--   other transition, whoever attempts it.

-- ============================================================================
-- Operators
-- ============================================================================
create table app.operators (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  image_path text check (image_path is null or btrim(image_path) <> ''),
  created_at timestamptz not null default now(),
  unique (merchant_id, id)
);
comment on table app.operators is
  'The people of a merchant who perform treatments. image_path is the photo''s object name in the '
  'public bucket operatori (''{merchant_id}/...'').';
create index operators_merchant_created_at_idx on app.operators (merchant_id, created_at);

-- ============================================================================
-- Treatments and the operators who perform them
-- ============================================================================
create table app.treatments (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  description text not null check (btrim(description) <> ''),
  duration_minutes integer not null check (duration_minutes > 0 and duration_minutes <= 24 * 60),
  price numeric(10, 2) not null check (price >= 0),
  for_all_operators boolean not null default true,
  created_at timestamptz not null default now(),
  unique (merchant_id, id)
);
comment on table app.treatments is
  'What a merchant offers: duration in minutes and price in euro. for_all_operators = every operator '
  'performs it; otherwise app.treatment_operators lists who does.';
create index treatments_merchant_created_at_idx on app.treatments (merchant_id, created_at);

create table app.treatment_operators (
  merchant_id uuid not null,
  treatment_id uuid not null,
  operator_id uuid not null,
  primary key (treatment_id, operator_id),
  foreign key (merchant_id, treatment_id) references app.treatments (merchant_id, id) on delete cascade,
  foreign key (merchant_id, operator_id) references app.operators (merchant_id, id) on delete cascade
);
comment on table app.treatment_operators is
  'The operators who perform a treatment that is not for all operators (same merchant by construction).';
create index treatment_operators_operator_id_idx on app.treatment_operators (operator_id);
create index treatment_operators_merchant_id_idx on app.treatment_operators (merchant_id);

-- ============================================================================
-- Reservations
-- ============================================================================
create table app.reservations (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  client_id uuid not null,
  treatment_id uuid,
  treatment_name text not null check (btrim(treatment_name) <> ''),
  operator_id uuid,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null default 'in attesa'
    check (status in ('in attesa', 'confermata', 'modificata', 'rifiutata')),
  notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at > starts_at),
  foreign key (merchant_id, client_id) references app.clients (merchant_id, id) on delete cascade,
  foreign key (merchant_id, treatment_id) references app.treatments (merchant_id, id)
    on delete set null (treatment_id),
  foreign key (merchant_id, operator_id) references app.operators (merchant_id, id)
    on delete set null (operator_id)
);
comment on table app.reservations is
  'A client''s request for a treatment at [starts_at, ends_at), with an operator or none (''Nessuna '
  'preferenza''). status follows spec §4; notes hold the merchant''s modify note or reject reason.';
create index reservations_merchant_starts_at_idx on app.reservations (merchant_id, starts_at desc);
create index reservations_client_starts_at_idx on app.reservations (client_id, starts_at desc);
create index reservations_operator_starts_at_idx on app.reservations (operator_id, starts_at)
  where status = 'confermata';
create index reservations_operator_id_idx on app.reservations (operator_id);
create index reservations_treatment_id_idx on app.reservations (treatment_id);

-- ============================================================================
-- Row-level security and privileges
-- ============================================================================
alter table app.operators enable row level security;
alter table app.treatments enable row level security;
alter table app.treatment_operators enable row level security;
alter table app.reservations enable row level security;

grant select, insert, delete on app.operators, app.treatments, app.treatment_operators to authenticated;
grant update (name, image_path) on app.operators to authenticated;
grant select, insert, delete on app.reservations to authenticated;
-- Lets the functions lock a reservation they are about to change (select ... for update needs it).
grant update (starts_at, ends_at, status, notes, updated_at) on app.reservations to authenticated;
grant all on app.operators, app.treatments, app.treatment_operators, app.reservations to service_role;

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

-- Reservations ------------------------------------------------------------
create policy "Merchants see their own reservations" on app.reservations
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Clients see their own reservations" on app.reservations
  for select to authenticated
  using (client_id = any ((select app_private.my_client_ids())::uuid[]));

create policy "Clients book reservations for themselves" on app.reservations
  for insert to authenticated
  with check (
    client_id = any ((select app_private.my_client_ids())::uuid[])
    and status = 'in attesa'
    and notes = ''
  );

create policy "Merchants answer their own pending reservations" on app.reservations
  for update to authenticated
  using (merchant_id = (select app_private.current_merchant_id()) and status = 'in attesa')
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Clients answer changes to their own reservations" on app.reservations
  for update to authenticated
  using (client_id = any ((select app_private.my_client_ids())::uuid[]) and status = 'modificata')
  with check (client_id = any ((select app_private.my_client_ids())::uuid[]));

create policy "Clients delete their own finished reservations" on app.reservations
  for delete to authenticated
  using (
    client_id = any ((select app_private.my_client_ids())::uuid[])
    and (status = 'rifiutata' or (status = 'confermata' and starts_at <= now() - interval '1 hour'))
  );

-- ============================================================================
-- The state machine, whoever updates the row
-- ============================================================================
create function app_private.check_reservation_transition() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.merchant_id <> old.merchant_id or new.client_id <> old.client_id then
    raise sqlstate 'P0001' using message = 'Una prenotazione non cambia commerciante né cliente';
  end if;
  if new.status <> old.status and not (
       (old.status = 'in attesa' and new.status in ('confermata', 'modificata', 'rifiutata'))
       or (old.status = 'modificata' and new.status in ('confermata', 'rifiutata'))
     ) then
    raise sqlstate 'P0001'
      using message = format('Passaggio di stato non consentito: da ''%s'' a ''%s''', old.status, new.status);
  end if;
  if (new.starts_at, new.ends_at) is distinct from (old.starts_at, old.ends_at)
     and not (old.status = 'in attesa' and new.status = 'modificata') then
    raise sqlstate 'P0001' using message = 'Data e ora cambiano solo con una modifica del commerciante';
  end if;
  new.updated_at := now();
  return new;
end
$$;

create trigger reservations_follow_the_state_machine
  before update on app.reservations
  for each row execute function app_private.check_reservation_transition();

-- ============================================================================
-- Realtime: both sides watch reservations change live; RLS limits each to its own rows
-- ============================================================================
alter table app.reservations replica identity full;
alter publication supabase_realtime add table app.reservations;

-- ============================================================================
-- Operator photos: public bucket 'operatori', objects under '{merchant_id}/'
-- ============================================================================
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('operatori', 'operatori', true, 2097152, array['image/png', 'image/jpeg', 'image/webp'])
on conflict do nothing;

create policy "Anyone reads operator photos" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'operatori');

create policy "Merchants upload photos of their own operators" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'operatori'
    and (storage.foldername(name))[1] = (select app_private.current_merchant_id())::text
  );

create policy "Merchants replace photos of their own operators" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'operatori'
    and (storage.foldername(name))[1] = (select app_private.current_merchant_id())::text
  )
  with check (
    bucket_id = 'operatori'
    and (storage.foldername(name))[1] = (select app_private.current_merchant_id())::text
  );

create policy "Merchants delete photos of their own operators" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'operatori'
    and (storage.foldername(name))[1] = (select app_private.current_merchant_id())::text
  );
