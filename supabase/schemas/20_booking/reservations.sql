-- Reservations: the table and its state machine, the row shown to client and salon with its allowed
-- actions, and the cancellation terms.

-- Reservations
create table app.reservations (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  client_id uuid not null,
  treatment_id uuid,
  treatment_name text not null check (btrim(treatment_name) <> ''),
  operator_id uuid,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null default 'in attesa',
  notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at > starts_at),
  foreign key (merchant_id, client_id) references app.clients (merchant_id, id) on delete cascade,
  foreign key (merchant_id, treatment_id) references app.treatments (merchant_id, id)
    on delete set null (treatment_id),
  foreign key (merchant_id, operator_id) references app.operators (merchant_id, id)
    on delete set null (operator_id),
  constraint reservations_treatment_name_length check (char_length(treatment_name) <= 100),
  constraint reservations_notes_length check (char_length(notes) <= 500),
  -- Who performs the appointment, remembered
  operator_name text
    check (operator_name is null or btrim(operator_name) <> ''),
  constraint reservations_confirmed_have_an_operator
    check (status <> 'confermata' or operator_name is not null),
  constraint reservations_status_check
    check (status in ('in attesa', 'confermata', 'modificata', 'rifiutata', 'annullata', 'completata',
                      'non presentata', 'spostata')),
  -- A customer's request to move one of her appointments: it replaces that one once confirmed.
  moves_reservation_id uuid,
  constraint reservations_client_id_id_key unique (client_id, id),
  constraint reservations_moves_her_own_reservation
    foreign key (client_id, moves_reservation_id) references app.reservations (client_id, id)
    on delete set null (moves_reservation_id),
  -- The operator's busy span: the treatment's pause after it and processing gap, as booked
  buffer_minutes integer not null default 0,
  processing_offset_minutes integer,
  processing_minutes integer,
  operator_busy tstzmultirange not null,
  constraint reservations_buffer_0_to_60 check (buffer_minutes between 0 and 60),
  constraint reservations_processing_both_or_neither
    check ((processing_offset_minutes is null) = (processing_minutes is null)),
  constraint reservations_operator_never_double_booked
    exclude using gist (operator_id with =, operator_busy with &&)
    where (status = 'confermata'),
  -- A visit: 2 to 4 treatments in sequence on one day, one request; each part a row, in order.
  visit_id uuid,
  visit_part smallint,
  constraint reservations_visit_part_1_to_4
    check ((visit_id is null) = (visit_part is null) and visit_part between 1 and 4),
  constraint reservations_visit_part_once unique (visit_id, visit_part),
  -- The repeating appointments the salon booked together (api.book_series)
  series_id uuid
);
create index reservations_merchant_starts_at_idx on app.reservations (merchant_id, starts_at desc);
create index reservations_client_starts_at_idx on app.reservations (client_id, starts_at desc);
create index reservations_operator_starts_at_idx on app.reservations (operator_id, starts_at)
  where status = 'confermata';
create index reservations_operator_id_idx on app.reservations (operator_id);
create index reservations_treatment_id_idx on app.reservations (treatment_id);
create index reservations_merchant_pending_starts_at_idx on app.reservations (merchant_id, starts_at)
  where status = 'in attesa';
-- Upcoming: confirmed or changed appointments that have not ended, found by their end.
create index reservations_merchant_upcoming_ends_at_idx on app.reservations (merchant_id, ends_at)
  where status in ('confermata', 'modificata');
create index reservations_open_requests_starts_at_idx on app.reservations (starts_at)
  where status in ('in attesa', 'modificata');
-- One open move request per appointment, however many taps arrive at once.
create unique index reservations_one_open_move_idx on app.reservations (moves_reservation_id)
  where status in ('in attesa', 'modificata');
create index reservations_moves_reservation_id_idx on app.reservations (moves_reservation_id);
create index reservations_series_id_idx on app.reservations (series_id) where series_id is not null;
alter table app.reservations enable row level security;
alter table app.reservations replica identity full;
grant select, insert, delete on app.reservations to authenticated;
grant update (starts_at, ends_at, status, notes, updated_at) on app.reservations to authenticated;
grant all on app.reservations to service_role;
grant update (operator_id) on app.reservations to authenticated;
comment on table app.reservations is
  'A client''s request for a treatment at [starts_at, ends_at), with an operator or none (''Nessuna '
  'preferenza''). status follows spec §4; notes hold the merchant''s modify note or reject reason. '
  'Constraint reservations_operator_never_double_booked: the busy spans (operator_busy) of one operator''s '
  'confirmed reservations never overlap.';
comment on column app.reservations.moves_reservation_id is
  'A move request: the customer''s appointment (''in attesa'' or ''confermata'') this request would '
  'replace; confirmed, it turns that one ''spostata''.';
comment on column app.reservations.operator_busy is
  'When the operator is busy with it: [starts_at, ends_at) plus the pause after it, less the processing '
  'gap (app_private.busy_span of the timing copied from the treatment at booking; kept by a trigger).';
comment on column app.reservations.series_id is
  'The series the salon booked this appointment in (api.book_series); the same for all of its dates.';
comment on column app.reservations.operator_name is
  'The operator''s name when it was chosen or assigned (kept when the operator is deleted).';
alter publication supabase_realtime add table app.reservations;

-- A purchase registered from a visit names it (app.movements.reservation_id).
alter table app.movements add constraint movements_reservation_id_fkey
  foreign key (reservation_id) references app.reservations (id) on delete set null;

-- The row every reservation list returns (merchant list, agenda, client list)
create type api.reservation_row as (
  id uuid,
  client_id uuid,
  client_name text,
  client_code text,
  treatment_id uuid,
  treatment_name text,
  operator_id uuid,
  operator_name text,
  date text,
  "time" text,
  duration_minutes integer,
  status text,
  notes text,
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  actions text[]
);
comment on type api.reservation_row is
  'A reservation as the screens show it: date and time in Europe/Rome, the instants starts_at/ends_at, '
  'operator_name ''Nessuna preferenza'' when no operator was chosen, and actions: what the caller may do '
  '(merchant: confirm, modify, reject, cancel, complete, no_show; client: accept, decline, cancel, move, '
  'delete).';

-- The state machine, with cancellation and expiry
create or replace function app_private.check_reservation_transition() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.merchant_id <> old.merchant_id or new.client_id <> old.client_id then
    raise sqlstate 'P0001' using message = 'Una prenotazione non cambia commerciante né cliente';
  end if;
  if new.status <> old.status and old.status in ('in attesa', 'modificata') and old.starts_at <= now() then
    raise sqlstate 'P0001' using message = 'La richiesta è scaduta: l''orario richiesto è già passato';
  end if;
  if new.status <> old.status and not (
       (old.status = 'in attesa' and new.status in ('confermata', 'modificata', 'rifiutata', 'annullata'))
       or (old.status = 'modificata' and new.status in ('confermata', 'rifiutata', 'annullata'))
       or (old.status = 'confermata' and new.status in ('annullata', 'completata', 'non presentata'))
       or (old.status in ('in attesa', 'confermata') and new.status = 'spostata'
           and exists (select 1 from app.reservations m
                        where m.moves_reservation_id = old.id and m.status in ('in attesa', 'modificata')))
     ) then
    raise sqlstate 'P0001'
      using message = format('Passaggio di stato non consentito: da ''%s'' a ''%s''', old.status, new.status);
  end if;
  if new.status <> old.status and new.status in ('completata', 'non presentata') then
    if app_private.current_merchant_id() is distinct from old.merchant_id then
      raise sqlstate '42501' using message = 'Solo il salone segna com''è andata una visita';
    end if;
    if not app_private.visit_may_close(old.status, old.starts_at) then
      raise sqlstate 'P0001'
        using message = 'Una visita si segna completata o non presentata solo dopo il suo inizio';
    end if;
  end if;
  if (new.starts_at, new.ends_at) is distinct from (old.starts_at, old.ends_at)
     and not (old.status = 'in attesa' and new.status = 'modificata') then
    raise sqlstate 'P0001' using message = 'Data e ora cambiano solo con una modifica del commerciante';
  end if;
  if new.operator_id is distinct from old.operator_id
     and not (old.operator_id is null and old.status in ('in attesa', 'modificata') and new.status = 'confermata')
     and not (new.operator_id is null and not exists (select 1 from app.operators o where o.id = old.operator_id)) then
    raise sqlstate 'P0001'
      using message = 'L''operatore si assegna solo quando si conferma una richiesta senza preferenza';
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- Definer: the caller sees the operator anyway (its merchant's), service-level writes too.
create function app_private.remember_operator_name() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.operator_id is not null then
    new.operator_name := (select o.name from app.operators o where o.id = new.operator_id);
  elsif tg_op = 'UPDATE' and new.status in ('in attesa', 'modificata') then
    new.operator_name := null;
  end if;
  return new;
end
$$;

-- The operator's busy span of a treatment at [starts_at, ends_at): the pause after it added, the processing
-- gap (minutes from its start) taken out; a gap that no longer fits inside is ignored.
create function app_private.busy_span(
  starts_at timestamptz,
  ends_at timestamptz,
  buffer_minutes integer,
  processing_offset_minutes integer,
  processing_minutes integer
) returns tstzmultirange
language sql stable set search_path = ''
as $$
  select case
    when busy_span.processing_offset_minutes is null or busy_span.processing_minutes is null
         or busy_span.processing_offset_minutes <= 0
         or busy_span.starts_at + make_interval(mins => busy_span.processing_offset_minutes
                                                        + busy_span.processing_minutes) >= busy_span.ends_at
      then tstzmultirange(tstzrange(busy_span.starts_at,
                                    busy_span.ends_at + make_interval(mins => coalesce(busy_span.buffer_minutes, 0))))
    else tstzmultirange(
           tstzrange(busy_span.starts_at,
                     busy_span.starts_at + make_interval(mins => busy_span.processing_offset_minutes)),
           tstzrange(busy_span.starts_at + make_interval(mins => busy_span.processing_offset_minutes
                                                                 + busy_span.processing_minutes),
                     busy_span.ends_at + make_interval(mins => coalesce(busy_span.buffer_minutes, 0))))
  end
$$;
grant execute on function app_private.busy_span(timestamptz, timestamptz, integer, integer, integer)
  to authenticated, service_role;

-- A new reservation takes its treatment's timing; every write recomputes the operator's busy span.
-- Definer: reads the treatment whoever books.
create function app_private.record_operator_busy() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    select coalesce(t.buffer_minutes, 0), t.processing_offset_minutes, t.processing_minutes
      into new.buffer_minutes, new.processing_offset_minutes, new.processing_minutes
      from (select 1) as one
      left join app.treatments t on t.id = new.treatment_id and t.merchant_id = new.merchant_id;
  end if;
  new.operator_busy := app_private.busy_span(new.starts_at, new.ends_at, new.buffer_minutes,
                                             new.processing_offset_minutes, new.processing_minutes);
  return new;
end
$$;

create or replace function app_private.client_may_delete(status text, starts_at timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select client_may_delete.status in ('rifiutata', 'annullata')
      or (client_may_delete.status = 'confermata' and client_may_delete.starts_at <= now() - interval '1 hour')
$$;
grant execute on function app_private.client_may_delete(text, timestamptz) to authenticated, service_role;

-- A confirmed appointment whose start has passed: the salon says whether it was done or missed.
create function app_private.visit_may_close(status text, starts_at timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select visit_may_close.status = 'confermata' and visit_may_close.starts_at <= now()
$$;
grant execute on function app_private.visit_may_close(text, timestamptz) to authenticated, service_role;

-- How many of each client's visits were done and missed (0 and 0 without any), under the caller's RLS.
create function app_private.client_visit_counts_of(client_ids uuid[])
returns table (client_id uuid, completed integer, no_shows integer)
language sql stable set search_path = ''
as $$
  select c.id, (count(r.id) filter (where r.status = 'completata'))::integer,
         (count(r.id) filter (where r.status = 'non presentata'))::integer
    from (select distinct u.id from unnest(client_visit_counts_of.client_ids) as u (id)) as c
    left join app.reservations r on r.client_id = c.id
   group by c.id
$$;
grant execute on function app_private.client_visit_counts_of(uuid[]) to authenticated, service_role;

create function app_private.client_visit_counts(client_id uuid, out completed integer, out no_shows integer)
language sql stable set search_path = ''
as $$
  select v.completed, v.no_shows from app_private.client_visit_counts_of(array[client_visit_counts.client_id]) v
$$;
grant execute on function app_private.client_visit_counts(uuid) to authenticated, service_role;

-- What a row shows and allows
create function app_private.shown_status(status text, starts_at timestamptz) returns text
language sql stable set search_path = ''
as $$
  select case when shown_status.status in ('in attesa', 'modificata') and shown_status.starts_at <= now()
              then 'scaduta' else shown_status.status end
$$;
grant execute on function app_private.shown_status(text, timestamptz) to authenticated, service_role;

-- The salon's notice and phone, for a customer who cannot read the merchant row (definer).
create function app_private.cancellation_terms(merchant_id uuid, out notice_hours integer, out phone text)
language sql stable security definer set search_path = ''
as $$
  select m.cancellation_notice_hours, m.phone from app.merchants m where m.id = cancellation_terms.merchant_id
$$;
grant execute on function app_private.cancellation_terms(uuid) to authenticated, service_role;

create function app_private.client_may_cancel(status text, starts_at timestamptz, merchant_id uuid)
returns boolean
language sql stable set search_path = ''
as $$
  select (client_may_cancel.status in ('in attesa', 'modificata') and client_may_cancel.starts_at > now())
      or (client_may_cancel.status = 'confermata'
          and now() <= client_may_cancel.starts_at
                       - make_interval(hours => (app_private.cancellation_terms(client_may_cancel.merchant_id)).notice_hours))
$$;
grant execute on function app_private.client_may_cancel(text, timestamptz, uuid) to authenticated, service_role;

-- Settings
create or replace function api.booking_settings() returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  return (select jsonb_build_object(
                   'cancellation_notice_hours', m.cancellation_notice_hours,
                   'address', m.address,
                   'new_request_emails', m.new_request_emails,
                   'reminder_emails', m.reminder_emails,
                   'max_open_requests', m.max_open_requests,
                   'second_reminder_emails', m.second_reminder_emails,
                   'no_show_alert_threshold', m.no_show_alert_threshold,
                   'moves_confirmed_at_once', m.moves_confirmed_at_once)
            from app.merchants m where m.id = caller_merchant_id);
end
$$;
grant execute on function api.booking_settings() to authenticated;
comment on function api.booking_settings() is
  'Merchant only: its booking settings (cancellation_notice_hours, address, new_request_emails, '
  'reminder_emails, max_open_requests, second_reminder_emails, no_show_alert_threshold, '
  'moves_confirmed_at_once).';

-- Definer: merchants do not update their own merchant row otherwise; this changes one column only.
create function api.set_cancellation_notice(hours integer) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_cancellation_notice.hours is null or set_cancellation_notice.hours not between 0 and 168 then
    raise sqlstate 'P0001' using message = 'Il preavviso di annullamento deve essere tra 0 e 168 ore';
  end if;
  update app.merchants m set cancellation_notice_hours = set_cancellation_notice.hours
   where m.id = caller_merchant_id;
  return jsonb_build_object('message', 'Preavviso di annullamento aggiornato');
end
$$;
grant execute on function api.set_cancellation_notice(integer) to authenticated;
comment on function api.set_cancellation_notice(integer) is
  'Merchant only: how many hours before a confirmed appointment its customers may still cancel online (0-168).';

-- How many open requests one customer may have at the salon, for a customer who cannot read the
-- merchant row (definer).
create function app_private.open_request_limit(merchant_id uuid) returns integer
language sql stable security definer set search_path = ''
as $$
  select m.max_open_requests from app.merchants m where m.id = open_request_limit.merchant_id
$$;
grant execute on function app_private.open_request_limit(uuid) to authenticated, service_role;

-- Definer: merchants do not update their own merchant row otherwise; this changes one column only.
create function api.set_max_open_requests(requests integer) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
begin
  if set_max_open_requests.requests is null or set_max_open_requests.requests not between 1 and 100 then
    raise sqlstate '22023' using message = 'Le richieste aperte per cliente devono essere tra 1 e 100';
  end if;
  update app.merchants m set max_open_requests = set_max_open_requests.requests
   where m.id = caller_merchant_id;
  return jsonb_build_object('message', 'Limite di richieste aperte aggiornato');
end
$$;
grant execute on function api.set_max_open_requests(integer) to authenticated;
comment on function api.set_max_open_requests(integer) is
  'Merchant only: how many open requests (pending, or a proposed change awaiting her answer) one customer '
  'may have at the salon at once (1-100).';

-- Cancelling online: until when, or why not
-- Why a confirmed appointment that has not started can no longer be cancelled online; null otherwise.
create function app_private.client_cancel_refusal(status text, starts_at timestamptz, merchant_id uuid)
returns text
language sql stable set search_path = ''
as $$
  select format('Non è più possibile annullare online: mancano meno di %s ore all''appuntamento. '
                'Chiama il salone al %s', t.notice_hours, t.phone)
    from app_private.cancellation_terms(client_cancel_refusal.merchant_id) t
   where client_cancel_refusal.status = 'confermata'
     and client_cancel_refusal.starts_at > now()
     and not app_private.client_may_cancel(client_cancel_refusal.status, client_cancel_refusal.starts_at,
                                           client_cancel_refusal.merchant_id)
$$;
grant execute on function app_private.client_cancel_refusal(text, timestamptz, uuid) to authenticated, service_role;

-- The last instant a confirmed appointment may be cancelled online, while it still may; null otherwise.
create function app_private.client_cancel_until(status text, starts_at timestamptz, merchant_id uuid)
returns timestamptz
language sql stable set search_path = ''
as $$
  select client_cancel_until.starts_at - make_interval(hours => t.notice_hours)
    from app_private.cancellation_terms(client_cancel_until.merchant_id) t
   where client_cancel_until.status = 'confermata'
     and app_private.client_may_cancel(client_cancel_until.status, client_cancel_until.starts_at,
                                       client_cancel_until.merchant_id)
$$;
grant execute on function app_private.client_cancel_until(text, timestamptz, uuid) to authenticated, service_role;

create function app_private.has_calendar_file(status text, ends_at timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select has_calendar_file.status = 'confermata' and has_calendar_file.ends_at > now()
$$;
grant execute on function app_private.has_calendar_file(text, timestamptz) to authenticated, service_role;

create trigger reservations_follow_the_state_machine
  before update on app.reservations
  for each row execute function app_private.check_reservation_transition();

create trigger reservations_record_operator_busy
  before insert or update on app.reservations
  for each row execute function app_private.record_operator_busy();

create trigger reservations_remember_operator_name
  before insert or update of operator_id on app.reservations
  for each row execute function app_private.remember_operator_name();

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

create policy "Merchants answer and cancel their own reservations" on app.reservations
  for update to authenticated
  using (merchant_id = (select app_private.current_merchant_id()) and status in ('in attesa', 'confermata'))
  with check (merchant_id = (select app_private.current_merchant_id()));

create policy "Clients answer and cancel their own reservations" on app.reservations
  for update to authenticated
  using (client_id = any ((select app_private.my_client_ids())::uuid[])
         and status in ('in attesa', 'modificata', 'confermata'))
  with check (client_id = any ((select app_private.my_client_ids())::uuid[]));

create policy "Clients delete their own finished reservations" on app.reservations
  for delete to authenticated
  using (
    client_id = any ((select app_private.my_client_ids())::uuid[])
    and app_private.client_may_delete(status, starts_at)
  );

create or replace view app.reservation_rows with (security_invoker = true) as
  select r.id, r.client_id, c.name as client_name, c.code as client_code,
         r.treatment_id, r.treatment_name, r.operator_id,
         coalesce(o.name, r.operator_name, 'Nessuna preferenza') as operator_name,
         to_char(r.starts_at at time zone 'Europe/Rome', 'YYYY-MM-DD') as date,
         to_char(r.starts_at at time zone 'Europe/Rome', 'HH24:MI') as "time",
         (extract(epoch from r.ends_at - r.starts_at) / 60)::integer as duration_minutes,
         app_private.shown_status(r.status, r.starts_at) as status,
         r.notes, r.starts_at, r.ends_at, r.created_at, r.updated_at, r.merchant_id
    from app.reservations r
    join app.clients c on c.id = r.client_id
    left join app.operators o on o.id = r.operator_id;
grant select on app.reservation_rows to authenticated, service_role;
comment on view app.reservation_rows is
  'Reservations in the shape of api.reservation_row (plus merchant_id), under the caller''s RLS; status '
  'is ''scaduta'' for a request whose start has passed.';

create or replace function app_private.reservation_actions(
  status text,
  starts_at timestamptz,
  merchant_id uuid,
  for_merchant boolean
) returns text[]
language sql stable set search_path = ''
as $$
  select case
    when reservation_actions.for_merchant then
      case when reservation_actions.status = 'in attesa' and reservation_actions.starts_at > now()
           then array['confirm', 'modify', 'reject']
           when reservation_actions.status = 'confermata' and reservation_actions.starts_at > now()
           then array['cancel']
           when app_private.visit_may_close(reservation_actions.status, reservation_actions.starts_at)
           then array['complete', 'no_show']
           else '{}'::text[] end
    else
      case when reservation_actions.status = 'modificata' and reservation_actions.starts_at > now()
           then array['accept', 'decline'] else '{}'::text[] end
      || case when reservation_actions.status <> 'modificata'
                   and app_private.client_may_cancel(reservation_actions.status, reservation_actions.starts_at,
                                                     reservation_actions.merchant_id)
              then array['cancel'] else '{}'::text[] end
      || case when reservation_actions.status in ('in attesa', 'confermata')
                   and app_private.client_may_cancel(reservation_actions.status, reservation_actions.starts_at,
                                                     reservation_actions.merchant_id)
              then array['move'] else '{}'::text[] end
      || case when app_private.client_may_delete(reservation_actions.status, reservation_actions.starts_at)
              then array['delete'] else '{}'::text[] end
  end
$$;
grant execute on function app_private.reservation_actions(text, timestamptz, uuid, boolean) to authenticated, service_role;

-- Names, notes and reasons that cannot deceive (app_private.refuse_deceptive_text)
create trigger reservations_plain_text before insert or update of notes on app.reservations
  for each row execute function app_private.refuse_deceptive_text('notes', 'Il testo della nota o del motivo');
