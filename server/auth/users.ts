import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/port.ts';

export const instanceId = '00000000-0000-0000-0000-000000000000';

export type Json = Record<string, unknown>;

/** The columns of auth.users the API reads. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change_sent_at: Date | null;
  email_change: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  banned_until: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  email: string | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const userColumns = `id, aud, role, email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at,
  confirmed_at, invited_at, confirmation_sent_at, recovery_sent_at, email_change_sent_at, email_change,
  email_change_confirm_status, last_sign_in_at, banned_until, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, is_anonymous`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${userColumns} from auth.users where id = $1`, [id]);
  return rows[0];
}

/** GoTrue's lookup: case-insensitive, only this instance's and audience's users. */
export async function findUserByEmail(db: Queryable, email: string, aud = 'authenticated') {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from auth.users
      where instance_id = $1 and lower(email) = lower($2) and aud = $3 and is_sso_user = false`,
    [instanceId, email, aud],
  );
  return rows[0];
}

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string;
  confirmed: boolean;
  userMetadata: Json;
  appMetadata?: Json;
  role?: string;
}

/** A user and its e-mail identity, as GoTrue's signup and admin create write them. */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const id = user.id ?? randomUUID();
  const email = user.email.toLowerCase();
  const appMetadata = { provider: 'email', providers: ['email'], ...user.appMetadata };
  // Every column GoTrue's signup writes: its tables have no defaults for most of them.
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, is_super_admin, confirmation_token, recovery_token,
       email_change_token_new, email_change_token_current, email_change, email_change_confirm_status,
       phone_change, phone_change_token, reauthentication_token, is_sso_user, is_anonymous,
       created_at, updated_at)
     values ($1, $2, 'authenticated', $3, $4, $5, case when $6 then now() end, $7, $8, false, '', '', '', '', '', 0,
       '', '', '', false, false, now(), now())`,
    [
      instanceId,
      id,
      user.role ?? 'authenticated',
      email,
      user.passwordHash,
      user.confirmed,
      JSON.stringify(appMetadata),
      JSON.stringify(user.userMetadata),
    ],
  );
  const identityData = { sub: id, email, email_verified: user.confirmed, phone_verified: false };
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, 'email', now(), now(), now())`,
    [randomUUID(), id, id, JSON.stringify(identityData)],
  );
  return (await findUserById(db, id))!;
}

/** Marks the e-mail verified on the user, its metadata and its e-mail identity. */
export async function confirmEmail(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users
        set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
            raw_user_meta_data = case when raw_user_meta_data ? 'email_verified'
              then jsonb_set(raw_user_meta_data, '{email_verified}', 'true') else raw_user_meta_data end,
            updated_at = now()
      where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities set identity_data = jsonb_set(identity_data, '{email_verified}', 'true'), updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** `raw` with `patch` merged in; a null value deletes the key, as GoTrue's metadata updates do. */
export function mergeMetadata(raw: Json | null, patch: Json): Json {
  const merged: Json = { ...raw };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : undefined);

/** The user as GoTrue serialises it: empty strings for missing email/phone, null timestamps omitted. */
export async function userJson(db: Queryable, user: UserRow): Promise<Json> {
  const { rows: identities } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, email, last_sign_in_at, created_at, updated_at
       from auth.identities where user_id = $1 order by created_at`,
    [user.id],
  );
  const json: Json = {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    banned_until: iso(user.banned_until),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
  return Object.fromEntries(Object.entries(json).filter(([, value]) => value !== undefined));
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now();
}

export function isConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null;
}

const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 255 && emailPattern.test(email);
}
