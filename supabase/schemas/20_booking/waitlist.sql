-- The waitlist: a customer who finds no time asks to be told when one frees for a treatment (an operator
-- or any), a range of days in the booking window and a part of the day. A freed slot that suits her
-- becomes a notice she sees live and an e-mail (or phone notification); the first to book it gets it.

-- Entries
create table app.waitlist_entries (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  client_id uuid not null,
  treatment_id uuid not null,
  operator_id uuid,
  from_day date not null,
  to_day date not null,
  period text not null check (period in ('Mattina', 'Pomeriggio', 'Sera')),
  created_at timestamptz not null default now(),
  left_at timestamptz,
  foreign key (merchant_id, client_id) references app.clients (merchant_id, id) on delete cascade,
  foreign key (merchant_id, treatment_id) references app.treatments (merchant_id, id) on delete cascade,
  foreign key (merchant_id, operator_id) references app.operators (merchant_id, id)
    on delete set null (operator_id),
  constraint waitlist_entries_days_in_order check (from_day <= to_day),
  constraint waitlist_entries_at_most_30_days check (to_day - from_day <= 29)
);
create index waitlist_entries_merchant_to_day_idx on app.waitlist_entries (merchant_id, to_day)
  where left_at is null;
create index waitlist_entries_client_created_at_idx on app.waitlist_entries (client_id, created_at);
create index waitlist_entries_treatment_id_idx on app.waitlist_entries (treatment_id);
create index waitlist_entries_operator_id_idx on app.waitlist_entries (operator_id);
alter table app.waitlist_entries enable row level security;
grant select on app.waitlist_entries to authenticated;
grant all on app.waitlist_entries to service_role;
comment on table app.waitlist_entries is
  'A customer waiting for a slot: a treatment, an operator or none (any), the days [from_day, to_day] and a '
  'part of the day (app_private.day_period). Open while left_at is null and to_day has not passed; '
  'left_at is set when she leaves or books the treatment in the range. Written only by api.join_waitlist '
  'and api.leave_waitlist; the rows she left stay a day to count her joins.';

create policy "Clients see their own waitlist entries" on app.waitlist_entries
  for select to authenticated
  using (client_id = any ((select app_private.my_client_ids())::uuid[]));

create policy "Merchants see their own waitlist" on app.waitlist_entries
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

-- Notices: a freed slot told to one entry, the row her screen follows live
create table app.waitlist_notices (
  id uuid primary key default gen_random_uuid(),
  entry_id uuid not null references app.waitlist_entries (id) on delete cascade,
  client_id uuid not null,
  starts_at timestamptz not null,
  rank integer not null check (rank > 0),
  created_at timestamptz not null default now(),
  unique (entry_id, starts_at)
);
create index waitlist_notices_client_id_idx on app.waitlist_notices (client_id);
alter table app.waitlist_notices enable row level security;
alter table app.waitlist_notices replica identity full;
grant select on app.waitlist_notices to authenticated;
grant all on app.waitlist_notices to service_role;
comment on table app.waitlist_notices is
  'A slot starting at starts_at that freed and suits the entry, told to its customer; rank is her place '
  'among those told of the same slot, in order of joining. Written by the reservations trigger only.';
alter publication supabase_realtime add table app.waitlist_notices;

create policy "Clients see their own waitlist notices" on app.waitlist_notices
  for select to authenticated
  using (client_id = any ((select app_private.my_client_ids())::uuid[]));

-- The limits
create function app_private.waitlist_open_limit() returns integer
language sql immutable set search_path = ''
as $$ select 3 $$;
grant execute on function app_private.waitlist_open_limit() to authenticated, service_role;

create function app_private.waitlist_daily_joins() returns integer
language sql immutable set search_path = ''
as $$ select 20 $$;
grant execute on function app_private.waitlist_daily_joins() to authenticated, service_role;

-- Does a treatment (with this operator, or any who performs it) fit at starts_at: the salon open, its
-- cabins and equipment free, an operator at work whose busy span (pause and processing time counted)
-- overlaps no confirmed appointment? Reads every reservation: call it from a function that has checked
-- the caller.
create function app_private.waitlist_slot_fits(
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

-- Joining and leaving
-- Definer: the waitlist is written only here and in api.leave_waitlist, which hold its limits.
create function api.join_waitlist(
  merchant_slug text,
  treatment_id uuid default null,
  operator_id uuid default null,
  from_day date default null,
  to_day date default null,
  period text default null
) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(join_waitlist.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  bookable record := app_private.booking_window();
  chosen app.treatments;
  entry_id uuid;
  -- How a freed slot will reach her besides the app: what her confirmation may promise.
  channels jsonb := (select app_private.client_channels(c) from app.clients c where c.id = caller_client_id);
begin
  perform app_private.require_confirmed_address(caller_client_id);
  if join_waitlist.treatment_id is null then
    raise sqlstate '22023' using message = 'Seleziona un trattamento';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, join_waitlist.treatment_id,
                                           join_waitlist.operator_id);
  if join_waitlist.from_day is null or join_waitlist.to_day is null
     or join_waitlist.from_day < bookable.first_day or join_waitlist.to_day > bookable.last_day then
    raise sqlstate '22023' using message = 'Scegli i giorni entro i prossimi 30 giorni';
  end if;
  if join_waitlist.from_day > join_waitlist.to_day then
    raise sqlstate '22023' using message = 'Il primo giorno viene dopo l''ultimo';
  end if;
  if join_waitlist.period is null or join_waitlist.period not in ('Mattina', 'Pomeriggio', 'Sera') then
    raise sqlstate '22023' using message = 'Scegli mattina, pomeriggio o sera';
  end if;

  -- One customer's joins, one at a time: a repeated tap finds the entry the first one made.
  perform pg_advisory_xact_lock(hashtextextended('join_waitlist ' || caller_client_id::text, 0));
  select e.id into entry_id from app.waitlist_entries e
   where e.client_id = caller_client_id and e.left_at is null and e.treatment_id = chosen.id
     and e.operator_id is not distinct from join_waitlist.operator_id and e.period = join_waitlist.period
     and e.from_day = join_waitlist.from_day and e.to_day = join_waitlist.to_day;
  if entry_id is not null then
    return jsonb_build_object('id', entry_id, 'message', 'Sei in lista d''attesa', 'channels', channels);
  end if;

  delete from app.waitlist_entries e
   where e.client_id = caller_client_id and e.created_at < now() - interval '1 day'
     and (e.left_at is not null or e.to_day < bookable.first_day);
  if (select count(*) from app.waitlist_entries e
       where e.client_id = caller_client_id and e.created_at >= now() - interval '1 day')
     >= app_private.waitlist_daily_joins() then
    raise sqlstate 'P0001'
      using message = 'Troppe richieste di lista d''attesa oggi: riprova domani o chiama il salone';
  end if;
  if (select count(*) from app.waitlist_entries e
       where e.client_id = caller_client_id and e.left_at is null and e.to_day >= bookable.first_day)
     >= app_private.waitlist_open_limit() then
    raise sqlstate 'P0001' using message = format(
      'Sei già in lista d''attesa per %s richieste in questo salone: esci da una per aggiungerne un''altra',
      app_private.waitlist_open_limit());
  end if;

  insert into app.waitlist_entries (merchant_id, client_id, treatment_id, operator_id, from_day, to_day, period)
  values (caller_merchant_id, caller_client_id, chosen.id, join_waitlist.operator_id, join_waitlist.from_day,
          join_waitlist.to_day, join_waitlist.period)
  returning id into entry_id;
  return jsonb_build_object('id', entry_id, 'message', 'Sei in lista d''attesa', 'channels', channels);
end
$$;
grant execute on function api.join_waitlist(text, uuid, uuid, date, date, text) to authenticated;
comment on function api.join_waitlist(text, uuid, uuid, date, date, text) is
  'Client only, address confirmed: waits for a slot of one of the salon''s treatments (with an operator who '
  'performs it, or any), on the days [from_day, to_day] of the booking window, in a part of the day '
  '(''Mattina'', ''Pomeriggio'', ''Sera''). The same entry again returns it; refused beyond 3 open entries '
  'at the salon and beyond 20 joins in a day. Answers the channels (email, push) a freed slot will also '
  'be told by, from her choices at this salon.';

-- Definer: see api.join_waitlist.
create function api.leave_waitlist(entry_id uuid) returns jsonb
language plpgsql security definer set search_path = ''
as $$
begin
  update app.waitlist_entries e set left_at = now()
   where e.id = leave_waitlist.entry_id and e.left_at is null
     and e.client_id = any (app_private.require_any_client());
  if not found then
    raise sqlstate 'P0001' using message = 'Non sei in questa lista d''attesa';
  end if;
  return jsonb_build_object('message', 'Non sei più in lista d''attesa');
end
$$;
grant execute on function api.leave_waitlist(uuid) to authenticated;
comment on function api.leave_waitlist(uuid) is
  'Client only: leaves one of her open waitlist entries (its notices go with it).';

-- What she and the salon see
create function api.my_waitlist(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(my_waitlist.merchant_slug);
  today date := app_private.rome_today();
begin
  return jsonb_build_object(
    'entries', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', e.id, 'treatment_name', t.name, 'operator_name', coalesce(o.name, 'Nessuna preferenza'),
               'from_day', e.from_day, 'to_day', e.to_day, 'period', e.period)
             order by e.created_at, e.id)
        from app.waitlist_entries e
        join app.treatments t on t.id = e.treatment_id
        left join app.operators o on o.id = e.operator_id
       where e.client_id = caller_client_id and e.left_at is null and e.to_day >= today), '[]'::jsonb),
    'offers', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', n.id, 'treatment_id', e.treatment_id, 'treatment_name', t.name,
               'operator_id', e.operator_id,
               'date', to_char(n.starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD'),
               'time', to_char(n.starts_at at time zone 'Europe/Rome', 'HH24:MI'))
             order by n.starts_at, n.id)
        from app.waitlist_notices n
        join app.waitlist_entries e on e.id = n.entry_id
        join app.treatments t on t.id = e.treatment_id
       where n.client_id = caller_client_id and e.left_at is null and n.starts_at > now()), '[]'::jsonb));
end
$$;
grant execute on function api.my_waitlist(text) to authenticated;
comment on function api.my_waitlist(text) is
  'Client only: {entries, offers}: her open waitlist entries at the salon (treatment_name, operator_name, '
  'from_day, to_day, period), in order of joining, and the freed slots told to her that have not started '
  '(treatment_id, operator_id, date ''YYYY-MM-DD'', time ''HH:MM'' in Europe/Rome), soonest first.';

create function api.merchant_waitlist(day date) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if merchant_waitlist.day is null then
    raise sqlstate '22023' using message = 'Scegli un giorno';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', e.id, 'client_name', c.name, 'treatment_name', t.name,
             'operator_name', coalesce(o.name, 'Nessuna preferenza'), 'period', e.period)
           order by array_position(array['Mattina', 'Pomeriggio', 'Sera'], e.period), e.created_at, e.id)
      from app.waitlist_entries e
      join app.clients c on c.id = e.client_id
      join app.treatments t on t.id = e.treatment_id
      left join app.operators o on o.id = e.operator_id
     where e.merchant_id = caller_merchant_id and e.left_at is null
       and merchant_waitlist.day between e.from_day and e.to_day
       and e.to_day >= app_private.rome_today()), '[]'::jsonb);
end
$$;
grant execute on function api.merchant_waitlist(date) to authenticated;
comment on function api.merchant_waitlist(date) is
  'Merchant only: the customers waiting for a slot on that day (client_name, treatment_name, operator_name, '
  'period), by part of the day, then in order of joining.';

-- A freed slot is told
-- Tells the open entries a freed slot suits, in order of joining: a notice each and an e-mail or phone
-- notification by the channels she chose. Definer: reads every customer's entries of the salon and writes
-- rows no policy lets anyone write.
create function app_private.tell_waitlist(freed app.reservations) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  label text := to_char(freed.starts_at at time zone 'Europe/Rome', 'HH24:MI');
  day date := (freed.starts_at at time zone 'Europe/Rome')::date;
  bookable record := app_private.booking_window();
  waiting record;
  told integer := 0;
begin
  if freed.starts_at <= now() or day not between bookable.first_day and bookable.last_day
     or not exists (select 1 from app_private.booking_grid(day) g where g.starts_at = freed.starts_at) then
    return;
  end if;
  for waiting in
    select e.*, c.name as client_name, t.name as treatment_name,
           coalesce(o.name, 'Nessuna preferenza') as operator_name
      from app.waitlist_entries e
      join app.clients c on c.id = e.client_id
      join app.treatments t on t.id = e.treatment_id
      left join app.operators o on o.id = e.operator_id
     where e.merchant_id = freed.merchant_id and e.left_at is null
       and day between e.from_day and e.to_day
       and e.period = app_private.day_period(label)
       and e.client_id <> freed.client_id and c.erased_at is null
       and (e.operator_id is null or freed.operator_id is null or e.operator_id = freed.operator_id)
       and not exists (select 1 from app.waitlist_notices n where n.entry_id = e.id and n.starts_at = freed.starts_at)
       and app_private.waitlist_slot_fits(e.merchant_id, e.treatment_id, e.operator_id, freed.starts_at)
     order by e.created_at, e.id
  loop
    told := told + 1;
    insert into app.waitlist_notices (entry_id, client_id, starts_at, rank)
    values (waiting.id, waiting.client_id, freed.starts_at, told);
    perform app_private.notify_customer(
      jsonb_populate_record(null::app.reservations,
                            jsonb_build_object('merchant_id', waiting.merchant_id, 'client_id', waiting.client_id)),
      'waitlist_slot',
      (select jsonb_build_object(
                'salon_name', m.name, 'salon_phone', m.phone, 'salon_address', coalesce(m.address, ''),
                'client_name', waiting.client_name, 'treatment', waiting.treatment_name,
                'operator', waiting.operator_name, 'date', to_char(day, 'DD-MM-YYYY'), 'time', label,
                'starts_at', freed.starts_at, 'notes', '')
         from app.merchants m where m.id = waiting.merchant_id));
  end loop;
end
$$;
revoke all on function app_private.tell_waitlist(app.reservations) from public, anon, authenticated;
comment on function app_private.tell_waitlist(app.reservations) is
  'Tells the freed reservation''s slot (a future start of the grid in the booking window) to the open '
  'waitlist entries of its salon whose days and part of the day hold it, whose operator it was (or any), '
  'and whose treatment fits there now, in order of joining; never to the customer who freed it.';

-- Rejected, cancelled, declined, moved (by the salon or by her) or deleted: its old slot is free again.
create function app_private.waitlist_on_freed_slot() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.status in ('in attesa', 'modificata', 'confermata')
     and (tg_op = 'DELETE'
          or new.status in ('rifiutata', 'annullata', 'spostata')
          or new.starts_at is distinct from old.starts_at) then
    perform app_private.tell_waitlist(old);
  end if;
  return null;
end
$$;

create trigger reservations_tell_the_waitlist
  after update of status, starts_at or delete on app.reservations
  for each row execute function app_private.waitlist_on_freed_slot();

-- Booking the treatment in the range closes her entries for it.
create function app_private.waitlist_on_booking() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update app.waitlist_entries e set left_at = now()
   where e.client_id = new.client_id and e.treatment_id = new.treatment_id and e.left_at is null
     and (new.starts_at at time zone 'Europe/Rome')::date between e.from_day and e.to_day;
  return null;
end
$$;

create trigger reservations_close_the_waitlist
  after insert on app.reservations
  for each row execute function app_private.waitlist_on_booking();

-- Erasure removes her entries and their notices.
create function app_private.waitlist_on_erasure() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from app.waitlist_entries e where e.client_id = new.id;
  return null;
end
$$;

create trigger clients_erased_leave_the_waitlist
  after update of erased_at on app.clients
  for each row when (new.erased_at is not null and old.erased_at is null)
  execute function app_private.waitlist_on_erasure();
