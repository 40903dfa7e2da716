-- An e-mail address is its owner's only once she proves it: the confirmation of the addresses of the
-- logins join_merchant makes (app.address_confirmations, a link sent through the outbox), booking refused
-- until then, no other e-mail to an unconfirmed address, consents recorded at confirmation, an unproven
-- account giving way to the address's owner, and its removal after 7 days.

alter table app.notification_outbox drop constraint notification_outbox_kind_check;
alter table app.notification_outbox add constraint notification_outbox_kind_check
  check (kind in ('new_request', 'confirmation', 'change_proposed', 'rejection', 'cancellation', 'reminder',
                  'expiry', 'address_confirmation'));

create table app.address_confirmations (
  user_id uuid primary key references auth.users (id) on delete cascade,
  token_hash text check (token_hash is null or char_length(token_hash) = 64),
  sent_at timestamptz not null default now(),
  confirmed_at timestamptz,
  -- client id -> marketing choice of each salon joined before the address was confirmed.
  pending_consents jsonb not null default '{}'::jsonb check (jsonb_typeof(pending_consents) = 'object'),
  created_at timestamptz not null default now()
);
create unique index address_confirmations_token_hash_idx on app.address_confirmations (token_hash);
-- The few addresses waiting: what the outbox holds back and the 7-day removal look at.
create index address_confirmations_waiting_idx on app.address_confirmations (created_at)
  where confirmed_at is null;
alter table app.address_confirmations enable row level security;
revoke all on app.address_confirmations from anon, authenticated;
grant all on app.address_confirmations to service_role;
comment on table app.address_confirmations is
  'The address of each login join_merchant made: the hash of the link last sent, when it was confirmed '
  '(null: not yet), and the consents waiting for it. A login without a row (salons, admins, older '
  'accounts) counts as confirmed. Never readable by customers or salons.';

create function app_private.address_unconfirmed(account_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from app.address_confirmations a
     where a.user_id = address_unconfirmed.account_id and a.confirmed_at is null)
$$;
grant execute on function app_private.address_unconfirmed(uuid) to authenticated, service_role;
comment on function app_private.address_unconfirmed(uuid) is
  'Whether this login''s address was given at joining and not confirmed yet.';

-- Refused with hint email_unconfirmed, which Prenota answers with the offer to send the link again.
create function app_private.require_confirmed_address(client_id uuid) returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if exists (
    select 1 from app.clients c
     where c.id = require_confirmed_address.client_id and app_private.address_unconfirmed(c.user_id)
  ) then
    raise sqlstate 'P0001'
      using message = 'Conferma la tua email per prenotare: apri il link che ti abbiamo inviato.',
            hint = 'email_unconfirmed';
  end if;
end
$$;
grant execute on function app_private.require_confirmed_address(uuid) to authenticated, service_role;

-- A link not sent yet is superseded by a newer one, or moot once the address is confirmed.
create function app_private.drop_unsent_address_confirmations(account_id uuid) returns void
language sql security definer set search_path = ''
as $$
  delete from app.notification_outbox n
   using auth.users u
   where u.id = drop_unsent_address_confirmations.account_id and n.kind = 'address_confirmation'
     and n.sent_at is null and lower(n.recipient) = lower(u.email)
$$;
revoke all on function app_private.drop_unsent_address_confirmations(uuid) from public, anon, authenticated;

-- Definer: writes the outbox and the confirmation row, neither of which the caller may touch.
create function app_private.send_address_confirmation(account_id uuid, merchant_id uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  token text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  insert into app.address_confirmations as a (user_id, token_hash, sent_at)
  values (send_address_confirmation.account_id, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now())
  on conflict (user_id) do update set token_hash = excluded.token_hash, sent_at = excluded.sent_at;
  perform app_private.drop_unsent_address_confirmations(send_address_confirmation.account_id);

  insert into app.notification_outbox (merchant_id, kind, recipient, payload)
  select m.id, 'address_confirmation', u.email,
         jsonb_build_object(
           'salon_name', m.name, 'salon_phone', m.phone, 'salon_address', coalesce(m.address, ''),
           'client_name', coalesce(c.name, ''), 'treatment', '', 'operator', '', 'date', '', 'time', '',
           'notes', '', 'confirmation_path', '/' || m.slug || '/__/auth/action?mode=verifyEmail&oobCode=' || token)
    from app.merchants m
    join auth.users u on u.id = send_address_confirmation.account_id
    left join app.clients c on c.merchant_id = m.id and c.user_id = u.id
   where m.id = send_address_confirmation.merchant_id;
end
$$;
revoke all on function app_private.send_address_confirmation(uuid, uuid) from public, anon, authenticated;

-- A new login's membership: its consents wait for the address (join_merchant).
create function app_private.await_address_confirmation(
  account_id uuid, client_id uuid, marketing_accepted boolean, send_link boolean
) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  insert into app.address_confirmations as a (user_id, pending_consents)
  values (await_address_confirmation.account_id,
          jsonb_build_object(await_address_confirmation.client_id::text,
                             coalesce(await_address_confirmation.marketing_accepted, false)))
  on conflict (user_id) do update set pending_consents = a.pending_consents || excluded.pending_consents;
  if await_address_confirmation.send_link then
    perform app_private.send_address_confirmation(
      await_address_confirmation.account_id,
      (select c.merchant_id from app.clients c where c.id = await_address_confirmation.client_id));
  end if;
end
$$;
revoke all on function app_private.await_address_confirmation(uuid, uuid, boolean, boolean)
  from public, anon, authenticated;

-- The address is proved: the consents given at joining are recorded from now on.
create function app_private.confirm_address(account_id uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  pending jsonb;
  choice record;
begin
  select a.pending_consents into pending from app.address_confirmations a
   where a.user_id = confirm_address.account_id and a.confirmed_at is null
   for update;
  if not found then
    return;
  end if;
  update app.address_confirmations a
     set confirmed_at = now(), token_hash = null, pending_consents = '{}'::jsonb
   where a.user_id = confirm_address.account_id;
  perform app_private.drop_unsent_address_confirmations(confirm_address.account_id);
  for choice in select key::uuid as client_id, value::boolean as marketing from jsonb_each_text(pending) loop
    perform app_private.record_consent(choice.client_id, 'privacy', true);
    perform app_private.record_consent(choice.client_id, 'marketing', choice.marketing);
  end loop;
end
$$;
revoke all on function app_private.confirm_address(uuid) from public, anon, authenticated;
grant execute on function app_private.confirm_address(uuid) to service_role;

-- The app's own confirmation, not auth.users.email_confirmed_at: hosted Auth refuses the password
-- sign-in of an unconfirmed address, and a new client is signed in at once (spec §4).
create function app_private.confirm_email_address(code text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  account_id uuid;
  account_email text;
begin
  select a.user_id, u.email into account_id, account_email
    from app.address_confirmations a join auth.users u on u.id = a.user_id
   where a.token_hash = encode(sha256(convert_to(btrim(coalesce(confirm_email_address.code, '')), 'UTF8')), 'hex')
     and a.confirmed_at is null and a.sent_at > now() - interval '7 days';
  if not found then
    raise sqlstate 'P0001' using message = 'Link non valido o scaduto', hint = 'otp_expired';
  end if;
  perform app_private.confirm_address(account_id);
  return jsonb_build_object('email', account_email, 'message', 'Email confermata!');
end
$$;
grant execute on function app_private.confirm_email_address(text) to anon, authenticated;

create function api.confirm_email_address(code text) returns jsonb
language sql set search_path = ''
as $$
  select app_private.confirm_email_address(confirm_email_address.code)
$$;
grant execute on function api.confirm_email_address(text) to anon, authenticated;
comment on function api.confirm_email_address(text) is
  'Anyone holding the link: confirms the address it was sent to (the consents given at joining are '
  'recorded then). Returns {email, message}; a wrong, used or 7-day-old code is refused (hint otp_expired).';

create function app_private.resend_address_confirmation(merchant_slug text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(resend_address_confirmation.merchant_slug);
  member app.clients;
begin
  select * into member from app.clients c where c.id = caller_client_id;
  if not app_private.address_unconfirmed(member.user_id) then
    raise sqlstate 'P0001' using message = 'La tua email è già confermata';
  end if;
  if exists (select 1 from app.address_confirmations a
              where a.user_id = member.user_id and a.sent_at > now() - interval '1 minute') then
    raise sqlstate 'P0001' using message = 'Ti abbiamo appena inviato il link: attendi un minuto prima di chiederne un altro';
  end if;
  perform app_private.send_address_confirmation(member.user_id, member.merchant_id);
  return jsonb_build_object('message', 'Ti abbiamo inviato un nuovo link di conferma.');
end
$$;
grant execute on function app_private.resend_address_confirmation(text) to authenticated;

create function api.resend_address_confirmation(merchant_slug text) returns jsonb
language sql set search_path = ''
as $$
  select app_private.resend_address_confirmation(resend_address_confirmation.merchant_slug)
$$;
grant execute on function api.resend_address_confirmation(text) to authenticated;
comment on function api.resend_address_confirmation(text) is
  'Client only, address not confirmed yet: sends the confirmation link again (at most once a minute); the '
  'link of the previous e-mail stops working.';

-- Nothing but the confirmation itself goes to an address nobody proved.
create function app_private.hold_mail_to_unconfirmed_address() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.kind <> 'address_confirmation' and exists (
    select 1 from app.address_confirmations a join auth.users u on u.id = a.user_id
     where a.confirmed_at is null and lower(u.email) = lower(new.recipient)
  ) then
    return null;
  end if;
  return new;
end
$$;
create trigger notification_outbox_only_to_confirmed_addresses before insert on app.notification_outbox
  for each row execute function app_private.hold_mail_to_unconfirmed_address();

-- An account nobody proved and nothing was bought with: the address's owner may take it over.
create function app_private.unproven_account(account_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select app_private.address_unconfirmed(unproven_account.account_id)
     and not exists (select 1 from app.merchants m where m.user_id = unproven_account.account_id)
     and not exists (select 1 from app.platform_admins p where p.user_id = unproven_account.account_id)
     and not exists (
       select 1 from app.clients c
        where c.user_id = unproven_account.account_id
          and (exists (select 1 from app.movements v where v.client_id = c.id)
               or exists (select 1 from app.clients s where s.sponsor_id = c.id)))
$$;
revoke all on function app_private.unproven_account(uuid) from public, anon, authenticated;

-- Removes the account, its memberships (with their requests) and its sessions.
create function app_private.forget_unproven_account(account_id uuid) returns boolean
language plpgsql security definer set search_path = ''
as $$
begin
  if not app_private.unproven_account(forget_unproven_account.account_id) then
    return false;
  end if;
  delete from app.clients c where c.user_id = forget_unproven_account.account_id;
  delete from auth.users u where u.id = forget_unproven_account.account_id;
  return true;
end
$$;
revoke all on function app_private.forget_unproven_account(uuid) from public, anon, authenticated;

-- Joining with an address that an unproven account holds: that account gives way (join_merchant).
create function app_private.release_unproven_address(email text) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform app_private.forget_unproven_account(u.id)
     from auth.users u where lower(u.email) = lower(btrim(release_unproven_address.email));
end
$$;
revoke all on function app_private.release_unproven_address(text) from public, anon, authenticated;

-- Called by claim_notifications, so by the server's outbox interval and by `npm run mail:drain`.
create function app_private.remove_unconfirmed_accounts() returns integer
language sql security definer set search_path = ''
as $$
  select count(*)::integer
    from app.address_confirmations a
   where a.confirmed_at is null and a.created_at < now() - interval '7 days'
     and app_private.forget_unproven_account(a.user_id)
$$;
revoke all on function app_private.remove_unconfirmed_accounts() from public, anon, authenticated;
grant execute on function app_private.remove_unconfirmed_accounts() to service_role;
comment on function app_private.remove_unconfirmed_accounts() is
  'Removes the logins whose address was not confirmed within 7 days and that have no purchase; returns '
  'how many. Run by app_private.claim_notifications (the server''s outbox interval, npm run mail:drain).';

create or replace function app_private.join_merchant(
  merchant_slug text, name text, email text, password text, phone text, sponsor_code text,
  privacy_accepted boolean, marketing_accepted boolean
) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  merchant app.merchants;
  sponsor app.clients;
  clean_name text := nullif(btrim(coalesce(join_merchant.name, '')), '');
  clean_email text := lower(nullif(btrim(coalesce(join_merchant.email, '')), ''));
  clean_phone text := nullif(btrim(coalesce(join_merchant.phone, '')), '');
  clean_sponsor text := upper(nullif(btrim(coalesce(join_merchant.sponsor_code, '')), ''));
  account_id uuid;
  next_number integer;
  new_code text;
  new_client_id uuid;
begin
  select * into merchant from app.merchants m where m.slug = lower(btrim(coalesce(join_merchant.merchant_slug, '')));
  if not found then
    raise sqlstate 'P0001' using message = 'Commerciante inesistente';
  end if;
  if clean_name is null then
    raise sqlstate 'P0001' using message = 'Il nome è obbligatorio';
  end if;
  perform app_private.require_max_length(clean_name, 100, 'Il nome');
  perform app_private.require_max_length(clean_phone, 30, 'Il telefono');
  if join_merchant.privacy_accepted is not true then
    raise sqlstate 'P0001' using message = 'Per registrarti devi accettare l''informativa sulla privacy';
  end if;

  if caller is null then
    perform app_private.check_new_login(join_merchant.email, join_merchant.password);
  else
    -- An existing account joins another merchant with its own e-mail; the password is ignored.
    select u.email into clean_email from auth.users u where u.id = caller;
    if not found then
      raise sqlstate '42501' using message = 'Utente non autenticato';
    end if;
    if exists (select 1 from app.merchants m where m.user_id = caller)
       or exists (select 1 from app.platform_admins a where a.user_id = caller) then
      raise sqlstate '42501'
        using message = 'Questo account gestisce un salone: per essere cliente registrati con un''altra email';
    end if;
    if exists (select 1 from app.clients c where c.merchant_id = merchant.id and c.user_id = caller) then
      raise sqlstate 'P0001' using message = 'Sei già cliente di questo commerciante';
    end if;
  end if;

  if clean_sponsor is not null then
    select * into sponsor from app.clients c where c.merchant_id = merchant.id and c.code = clean_sponsor;
    -- A sponsor whose address nobody proved yet cannot bring anyone.
    if not found or app_private.address_unconfirmed(sponsor.user_id) then
      raise sqlstate 'P0001' using message = 'Codice presentatore non valido';
    end if;
  end if;

  if caller is null then
    perform app_private.release_unproven_address(clean_email);
  end if;
  account_id := coalesce(caller, app_private.new_login(clean_email, join_merchant.password, clean_name));

  insert into app.client_code_counters as counter (merchant_id, last_number)
  values (merchant.id, 1)
  on conflict (merchant_id) do update set last_number = counter.last_number + 1
  returning counter.last_number into next_number;
  new_code := merchant.code_prefix || case when next_number < 100000 then lpad(next_number::text, 5, '0') else next_number::text end;

  begin
    insert into app.clients (merchant_id, user_id, code, sponsor_id, generation, name, phone, email)
    values (merchant.id, account_id, new_code, sponsor.id, coalesce(sponsor.generation + 1, 0),
            clean_name, clean_phone, clean_email)
    returning id into new_client_id;
  exception
    when unique_violation then
      raise sqlstate 'P0001' using message = 'Sei già cliente di questo commerciante';
  end;

  if caller is null or app_private.address_unconfirmed(account_id) then
    perform app_private.await_address_confirmation(
      account_id, new_client_id, join_merchant.marketing_accepted, caller is null);
  else
    perform app_private.record_consent(new_client_id, 'privacy', true);
    perform app_private.record_consent(new_client_id, 'marketing', coalesce(join_merchant.marketing_accepted, false));
  end if;

  return jsonb_build_object(
    'client_code', new_code,
    'message', format('Registrazione completata! Il tuo codice cliente è %s.', new_code),
    'client_id', new_client_id,
    'user_id', account_id
  );
end
$$;
grant execute on function app_private.join_merchant(text, text, text, text, text, text, boolean, boolean)
  to anon, authenticated;
comment on function app_private.join_merchant(text, text, text, text, text, text, boolean, boolean) is
  'A new client of a merchant (and, for an anonymous caller, its login, which takes the place of an '
  'unproven account of the same address); its consents are recorded once the address is confirmed.';

create or replace function api.book_reservation(
  merchant_slug text,
  treatment_id uuid default null,
  operator_id uuid default null,
  date date default null,
  "time" text default null
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(book_reservation.merchant_slug);
  caller_merchant_id uuid := (select c.merchant_id from app.clients c where c.id = caller_client_id);
  chosen app.treatments;
  new_start timestamptz;
  new_end timestamptz;
  new_id uuid;
begin
  perform app_private.require_confirmed_address(caller_client_id);
  if book_reservation.treatment_id is null or book_reservation.date is null
     or nullif(btrim(coalesce(book_reservation."time", '')), '') is null then
    raise sqlstate 'P0001' using message = 'Seleziona trattamento, data e orario';
  end if;
  chosen := app_private.bookable_treatment(caller_merchant_id, book_reservation.treatment_id,
                                           book_reservation.operator_id);
  new_start := app_private.booking_start(book_reservation.date, book_reservation."time");
  new_end := new_start + make_interval(mins => chosen.duration_minutes);
  perform app_private.check_slot_free(caller_merchant_id, chosen.id, book_reservation.operator_id,
                                      new_start, new_end);
  insert into app.reservations
    (merchant_id, client_id, treatment_id, treatment_name, operator_id, starts_at, ends_at, status, notes)
  values
    (caller_merchant_id, caller_client_id, chosen.id, chosen.name, book_reservation.operator_id,
     new_start, new_end, 'in attesa', '')
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'message', 'Prenotazione salvata!');
end
$$;

create or replace function app_private.claim_notifications(batch_size integer, lease_seconds integer)
returns setof app.notification_outbox
language plpgsql set search_path = ''
as $$
begin
  perform app_private.enqueue_expiry_notices();
  perform app_private.remove_unconfirmed_accounts();

  -- A reminder whose appointment was cancelled, moved or deleted, or whose salon turned reminders off,
  -- is dropped unsent.
  delete from app.notification_outbox n
   where n.id in (
     select d.id from app.notification_outbox d
      where d.kind = 'reminder' and d.sent_at is null and d.send_after <= now()
        and not exists (
          select 1 from app.reservations r join app.merchants m on m.id = r.merchant_id
           where r.id = d.reservation_id and r.status = 'confermata' and m.reminder_emails
             and r.starts_at = (d.payload ->> 'starts_at')::timestamptz)
      for update skip locked);

  return query
    update app.notification_outbox n
       set claimed_until = now() + make_interval(secs => claim_notifications.lease_seconds),
           attempts = n.attempts + 1
     where n.id in (
       select d.id from app.notification_outbox d
        where d.sent_at is null and d.send_after <= now()
          and (d.claimed_until is null or d.claimed_until < now())
          and d.attempts < app_private.notification_max_attempts()
        order by d.send_after, d.created_at
        limit claim_notifications.batch_size
        for update skip locked)
    returning n.*;
end
$$;
revoke all on function app_private.claim_notifications(integer, integer) from anon, authenticated;
grant execute on function app_private.claim_notifications(integer, integer) to service_role;
comment on function app_private.claim_notifications(integer, integer) is
  'Claims up to batch_size due e-mails for lease_seconds (skipping rows another sender holds) and counts the '
  'attempt; first enqueues the expiry e-mails of requests that just expired, removes the accounts whose '
  'address was not confirmed in 7 days, and drops reminders that no longer apply.';
