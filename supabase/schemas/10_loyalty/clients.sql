-- Clients of a salon: codes, the sponsor who brought them, joining, their profile and phone, and the
-- preview of a sponsor before joining.

-- Clients
create table app.clients (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references app.merchants (id) on delete cascade,
  user_id uuid references auth.users (id) on delete set null,
  code text not null,
  sponsor_id uuid,
  generation integer not null default 0 check (generation >= 0),
  name text not null check (btrim(name) <> ''),
  phone text,
  email text not null,
  available_credit numeric(14, 2) not null default 0,
  created_at timestamptz not null default now(),
  unique (merchant_id, code),
  unique (merchant_id, user_id),
  unique (merchant_id, id),
  -- The sponsor is a client of the same merchant.
  foreign key (merchant_id, sponsor_id) references app.clients (merchant_id, id),
  check (sponsor_id is null or sponsor_id <> id),
  check ((sponsor_id is null) = (generation = 0)),
  constraint clients_name_length check (char_length(name) <= 100),
  constraint clients_phone_length check (char_length(phone) <= 30),
  constraint clients_email_length check (char_length(email) <= 254),
  constraint clients_code_length check (char_length(code) <= 20),
  constraint clients_available_credit_is_finite check (available_credit <> 'NaN'),
  -- Kept with the row (computed on write, not on every read: a 20,000-client salon groups it in milliseconds).
  phone_key text generated always as (app_private.normalized_phone(phone)) stored,
  -- Set once by app_private.erase_person: the row is an anonymous node that neither buys nor earns.
  erased_at timestamptz,
  booking_emails boolean not null default true,
  booking_push boolean not null default true
);
create index clients_user_id_idx on app.clients (user_id);
create index clients_sponsor_id_idx on app.clients (sponsor_id);
create index clients_merchant_created_at_idx on app.clients (merchant_id, created_at desc);
alter table app.clients enable row level security;
grant select on app.clients to authenticated;
grant update (name, phone) on app.clients to authenticated;
grant all on app.clients to service_role;
comment on table app.clients is
  'A person''s membership at one merchant: code, sponsor (same merchant), generation in the tree and '
  'available credit (always the sum of its ledger entries).';
comment on column app.clients.erased_at is
  'When the person was erased (app_private.erase_person); an erased client neither buys, spends nor earns credit.';
comment on column app.clients.booking_emails is
  'Whether her booking messages reach her by e-mail (her choice; marketing has its own consent).';
comment on column app.clients.booking_push is
  'Whether her booking messages reach her on the phone, once a browser of hers is subscribed.';
comment on column app.clients.phone_key is
  'The phone number as the shared-phone signal compares it (app_private.normalized_phone); null without one.';
alter publication supabase_realtime add table app.clients;

create table app.client_code_counters (
  merchant_id uuid primary key references app.merchants (id) on delete cascade,
  last_number integer not null
);
alter table app.client_code_counters enable row level security;
grant all on app.client_code_counters to service_role;
comment on table app.client_code_counters is
  'The number of the last client code of each merchant; incremented atomically (insert ... on conflict).';

-- api.merchant_clients
create function api.merchant_clients(search text default null, page integer default 1, page_size integer default 10)
returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_merchant_id uuid := app_private.require_merchant();
  pattern text := app_private.search_pattern(merchant_clients.search);
  salon_name text := (select m.name from app.merchants m where m.id = caller_merchant_id);
  result jsonb;
begin
  perform app_private.check_page(merchant_clients.page, merchant_clients.page_size);
  with matching as (
    select c.id, c.code, c.name, c.email, c.phone, c.sponsor_id, c.available_credit, c.erased_at, c.created_at
      from app.clients c
     where c.merchant_id = caller_merchant_id
       and (pattern is null
            or lower(c.name) like pattern or lower(c.code) like pattern
            or lower(c.email) like pattern or lower(coalesce(c.phone, '')) like pattern)
  ),
  page_rows as (
    select mc.*, s.code as sponsor_code
      from matching mc
      left join app.clients s on s.id = mc.sponsor_id
     order by mc.created_at desc, mc.code desc
     limit merchant_clients.page_size offset (merchant_clients.page - 1) * merchant_clients.page_size
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'clients', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'code', p.code, 'name', p.name, 'email', p.email, 'phone', p.phone,
               'sponsor_code', p.sponsor_code, 'created_at', p.created_at,
               'available_credit', case when p.erased_at is null then p.available_credit end,
               'channels', (select app_private.client_channels(k) from app.clients k where k.id = p.id),
               'whatsapp', app_private.client_whatsapp(p.name, p.phone, salon_name),
               'completed_visits', visits.completed, 'no_shows', visits.no_shows
             ) order by p.created_at desc, p.code desc)
        from page_rows p
        cross join lateral app_private.client_visit_counts(p.id) visits
    ), '[]'::jsonb)
  ) into result;
  return result;
end
$$;
grant execute on function api.merchant_clients(text, integer, integer) to authenticated;
comment on function api.merchant_clients(text, integer, integer) is
  'Merchant only: its clients, newest first, one page at a time; search matches name, code, e-mail or phone. '
  'An erased client has no credit (available_credit null). Each has whatsapp: the wa.me link of a greeting '
  'from the salon, or {missing_reason}. completed_visits and no_shows count her appointments marked '
  '''completata'' and ''non presentata''.';

-- api.client_profile
create function api.client_profile(merchant_slug text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(client_profile.merchant_slug);
begin
  return (
    select jsonb_build_object(
      'id', c.id, 'code', c.code, 'name', c.name, 'email', c.email, 'phone', c.phone,
      'available_credit', c.available_credit, 'merchant_slug', m.slug, 'merchant_name', m.name,
      'referral_link_path', '/' || m.slug || '/register?ref=' || c.code
    )
    from app.clients c join app.merchants m on m.id = c.merchant_id
    where c.id = caller_client_id
  );
end
$$;
grant execute on function api.client_profile(text) to authenticated;
comment on function api.client_profile(text) is
  'Client only: the caller''s membership at the merchant with this slug, with its referral link path.';

-- A client's phone: at most 30 characters
create or replace function api.update_client_phone(merchant_slug text, phone text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  caller_client_id uuid := app_private.require_client(update_client_phone.merchant_slug);
  new_phone text := nullif(btrim(coalesce(update_client_phone.phone, '')), '');
begin
  if new_phone is null then
    raise sqlstate 'P0001' using message = 'Il telefono è obbligatorio';
  end if;
  perform app_private.require_max_length(new_phone, 30, 'Il telefono');
  if exists (select 1 from app.clients c where c.id = caller_client_id and c.phone is not distinct from new_phone) then
    raise sqlstate 'P0001' using message = 'Nessuna modifica effettuata';
  end if;
  update app.clients c set phone = new_phone where c.id = caller_client_id;
  return jsonb_build_object('message', 'Telefono aggiornato!');
end
$$;
grant execute on function api.update_client_phone(text, text) to authenticated;
comment on function api.update_client_phone(text, text) is
  'Client only: changes the caller''s phone at one merchant (required, at most 30 characters; refused when unchanged).';

create function app_private.join_merchant(
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
    -- A token of an ended session (its address claimed by its owner) joins nothing.
    if not found or not app_private.caller_session_is_live() then
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

create function api.join_merchant(
  merchant_slug text,
  name text,
  email text,
  password text default null,
  phone text default null,
  sponsor_code text default null,
  privacy_accepted boolean default false,
  marketing_accepted boolean default false
) returns jsonb
language sql set search_path = ''
as $$
  select app_private.join_merchant(
    join_merchant.merchant_slug, join_merchant.name, join_merchant.email,
    join_merchant.password, join_merchant.phone, join_merchant.sponsor_code,
    join_merchant.privacy_accepted, join_merchant.marketing_accepted
  )
$$;
grant execute on function api.join_merchant(text, text, text, text, text, text, boolean, boolean)
  to anon, authenticated;
comment on function api.join_merchant(text, text, text, text, text, text, boolean, boolean) is
  'Registers the caller as a client of a merchant; privacy_accepted is required, marketing_accepted is '
  'recorded (both with the notice''s version). Anonymous: creates the login account too (then sign in '
  'with the password). Signed in: links the caller''s account. Returns client_code and the success message.';

create function app_private.sponsor_preview(merchant_slug text, sponsor_code text) returns text
language sql stable security definer set search_path = ''
as $$
  select nullif(concat_ws(' ', words[1], upper(left(words[2], 1)) || '.'), '')
    from app.clients c
    join app.merchants m on m.id = c.merchant_id
    cross join lateral regexp_split_to_array(btrim(c.name), '\s+') as words
   where m.slug = lower(btrim(coalesce(sponsor_preview.merchant_slug, '')))
     and c.code = upper(btrim(coalesce(sponsor_preview.sponsor_code, '')))
     and c.user_id is not null
$$;
grant execute on function app_private.sponsor_preview(text, text) to anon, authenticated;
comment on function app_private.sponsor_preview(text, text) is
  'The first name and initial of the client with this code at this merchant; null when unknown or erased.';

create function api.sponsor_preview(merchant_slug text, sponsor_code text) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'name', app_private.sponsor_preview(sponsor_preview.merchant_slug, sponsor_preview.sponsor_code)
  )
$$;
grant execute on function api.sponsor_preview(text, text) to anon, authenticated;
comment on function api.sponsor_preview(text, text) is
  'Anyone: {name} = first name and initial of the sponsor with this code at this merchant (null when '
  'unknown or erased), for the registration form opened from a referral link.';

-- Policies: clients
create policy "Clients see their own memberships" on app.clients
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Merchants see their own clients" on app.clients
  for select to authenticated
  using (merchant_id = (select app_private.current_merchant_id()));

create policy "Platform admins see every client" on app.clients
  for select to authenticated
  using ((select app_private.is_platform_admin()));

create policy "Clients update their own memberships" on app.clients
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Also what lets register_purchase lock the rows it credits (select ... for update).
create policy "Merchants update their own clients" on app.clients
  for update to authenticated
  using (merchant_id = (select app_private.current_merchant_id()))
  with check (merchant_id = (select app_private.current_merchant_id()));

-- Names, notes and reasons that cannot deceive (app_private.refuse_deceptive_text)
create trigger clients_plain_text before insert or update of name, phone on app.clients
  for each row execute function app_private.refuse_deceptive_text('name', 'Il nome', 'phone', 'Il telefono');
