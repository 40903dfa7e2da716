import { randomUUID } from 'node:crypto';
import type { TestClient, TestServer } from './test-server.ts';

/** A signed-in user: its auth id, e-mail, access token and a supabase-js client acting as it. */
export interface Persona {
  userId: string;
  email: string;
  token: string;
  client: TestClient;
  /** The auth session its token names (the platform admin's powers need a live one). */
  sessionId?: string;
}

export interface CreatedMerchant {
  id: string;
  slug: string;
  name: string;
  code_prefix: string;
  user_id: string;
}

export interface JoinedClient {
  client_code: string;
  message: string;
  client_id: string;
  user_id: string;
}

let counter = 0;
/** A unique e-mail address for a test persona. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${counter}.${randomUUID().slice(0, 8)}@example.test`;
}

/** Signs requests as an existing auth user, as if GoTrue had issued its session. */
export async function personaFor(server: TestServer, userId: string, email: string): Promise<Persona> {
  const token = await server.token({ sub: userId, role: 'authenticated', aud: 'authenticated', email });
  return { userId, email, token, client: server.client({ accessToken: token }) };
}

/** Inserts an auth user directly (service-level SQL), with Supabase's columns. */
export async function createAuthUser(
  server: TestServer,
  email = uniqueEmail('utente'),
  password = 'password123',
): Promise<string> {
  const { rows } = await server.server.context.db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new,
       email_change, email_change_token_current, phone_change, phone_change_token, reauthentication_token)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       lower($1), extensions.crypt($2, extensions.gen_salt('bf', 4)), now(),
       '{"provider":"email","providers":["email"]}', '{}', '', '', '', '', '', '', '', '')
     returning id`,
    [email, password],
  );
  return rows[0]!.id;
}

/** A platform admin: an auth user with a row in app.platform_admins, as the server seeds it. */
export async function createAdmin(server: TestServer): Promise<Persona> {
  const email = uniqueEmail('admin');
  const userId = await createAuthUser(server, email);
  await server.server.context.db.query('insert into app.platform_admins (user_id) values ($1)', [userId]);
  // Admin powers hold for a live session only, as GoTrue issues one at sign-in.
  const { rows } = await server.server.context.db.query<{ id: string }>(
    'insert into auth.sessions (id, user_id) values (gen_random_uuid(), $1) returning id',
    [userId],
  );
  const token = await server.token({
    sub: userId,
    role: 'authenticated',
    aud: 'authenticated',
    email,
    session_id: rows[0]!.id,
  });
  return { userId, email, token, client: server.client({ accessToken: token }), sessionId: rows[0]!.id };
}

/** A signed-in user with no merchant and no client membership. */
export async function createStranger(server: TestServer): Promise<Persona> {
  const email = uniqueEmail('estraneo');
  return personaFor(server, await createAuthUser(server, email), email);
}

/** Creates a merchant through api.admin_create_merchant and signs in as its login. */
export async function createMerchant(
  server: TestServer,
  admin: Persona,
  name: string,
): Promise<{ merchant: CreatedMerchant; persona: Persona }> {
  const email = uniqueEmail('commerciante');
  const { data, error } = await admin.client.rpc('admin_create_merchant', {
    name,
    phone: '0612345678',
    email,
    password: 'password123',
  });
  if (error) throw new Error(`admin_create_merchant: ${error.message}`);
  const merchant = data as CreatedMerchant;
  return { merchant, persona: await personaFor(server, merchant.user_id, email) };
}

/** Confirms a login's address as opening the e-mailed link does (app_private.confirm_address). */
export async function confirmAddress(server: TestServer, userId: string): Promise<void> {
  await server.server.context.db.query('select app_private.confirm_address($1)', [userId]);
}

/** Confirms the address of the login with this e-mail, as opening the e-mailed link does. */
export async function confirmAddressOf(server: TestServer, email: string): Promise<void> {
  await server.server.context.db.query(
    'select app_private.confirm_address(u.id) from auth.users u where u.email = lower($1)',
    [email],
  );
}

/**
 * Joins a merchant anonymously through api.join_merchant and signs in as the new client, whose address
 * is then confirmed unless `unconfirmed`.
 */
export async function joinAsClient(
  server: TestServer,
  merchantSlug: string,
  options: {
    name?: string;
    sponsorCode?: string;
    phone?: string;
    marketingAccepted?: boolean;
    email?: string;
    unconfirmed?: boolean;
  } = {},
): Promise<{ joined: JoinedClient; persona: Persona }> {
  const email = options.email ?? uniqueEmail('cliente');
  const { data, error } = await server.client().rpc('join_merchant', {
    merchant_slug: merchantSlug,
    privacy_accepted: true,
    name: options.name ?? 'Maria Rossi',
    email,
    password: 'password123',
    phone: options.phone ?? null,
    sponsor_code: options.sponsorCode ?? null,
    marketing_accepted: options.marketingAccepted ?? false,
  });
  if (error) throw new Error(`join_merchant: ${error.message}`);
  const joined = data as JoinedClient;
  if (!options.unconfirmed) await confirmAddress(server, joined.user_id);
  return { joined, persona: await personaFor(server, joined.user_id, email) };
}

/** A numeric column or JSON number as a number of cents, exact. */
export function cents(value: unknown): number {
  return Math.round(Number(value) * 100);
}
