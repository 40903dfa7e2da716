-- An e-mail address is its owner's only once she proves it: a client who joins with a new address gets
-- one e-mail with a link, and until she opens it she cannot book, gets no other e-mail, has no consent
-- recorded and cannot sponsor anyone; an account nobody proved, with no purchase, gives way to the
-- address's owner and is removed after 7 days.
--
-- Why the app confirms the address and not auth.users.email_confirmed_at: hosted Auth (GoTrue) refuses
-- the password sign-in of an unconfirmed address (allow_unverified_email_sign_ins is not a setting of
-- hosted projects), and spec §4 signs the new client in at once. So the login stays confirmed for Auth,
-- and the address is confirmed here, with a link sent through the outbox, the same on both stacks.

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

-- Whether the caller's session began with a link e-mailed to the address (recovery, magic link,
-- confirmation), as GoTrue and server/ both record it in auth.mfa_amr_claims; a password is no proof.
create function app_private.session_proves_address() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from auth.sessions s join auth.mfa_amr_claims c on c.session_id = s.id
     where s.id::text = (select auth.jwt()) ->> 'session_id' and s.user_id = (select auth.uid())
       and c.authentication_method in ('otp', 'recovery', 'magiclink', 'email/signup'))
$$;
revoke all on function app_private.session_proves_address() from public, anon, authenticated;

-- Signed in through a recovery link: the address is hers. An unproven account with no purchase starts
-- clean (the memberships someone else chose are removed, she joins with her own sponsor) and every other
-- session of it ends; otherwise the address is just confirmed.
create function app_private.claim_proven_address() returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  started_clean boolean := false;
begin
  if caller is null then
    raise sqlstate '42501' using message = 'Utente non autenticato';
  end if;
  if not app_private.address_unconfirmed(caller) then
    return jsonb_build_object('started_clean', false);
  end if;
  if not app_private.session_proves_address() then
    raise sqlstate '42501' using message = 'Apri il link che ti abbiamo inviato per email';
  end if;
  if app_private.unproven_account(caller) then
    delete from app.clients c where c.user_id = caller;
    update app.address_confirmations a set pending_consents = '{}'::jsonb where a.user_id = caller;
    delete from auth.sessions s where s.user_id = caller and s.id::text <> (select auth.jwt()) ->> 'session_id';
    started_clean := true;
  end if;
  perform app_private.confirm_address(caller);
  return jsonb_build_object('started_clean', started_clean);
end
$$;
grant execute on function app_private.claim_proven_address() to authenticated;

create function api.claim_proven_address() returns jsonb
language sql set search_path = ''
as $$
  select app_private.claim_proven_address()
$$;
grant execute on function api.claim_proven_address() to authenticated;
comment on function api.claim_proven_address() is
  'Signed in through a link e-mailed to the address (password recovery): confirms it; an unconfirmed '
  'account with no purchase starts clean (no memberships, every other session ended). Returns '
  '{started_clean}. Refused after a password sign-in.';
