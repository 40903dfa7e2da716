import { randomInt, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/port.ts';
import { signJwt } from '../jwt/jwt.ts';
import { AuthError, authErrors } from './errors.ts';
import type { AuthSettings } from './settings.ts';
import { findUserById, userJson, type Json, type UserRow } from './users.ts';

export type AuthMethod = 'password' | 'otp';

export interface TokenContext {
  db: Database;
  settings: AuthSettings;
  jwtSecret: string;
  /** `iss` of the access tokens: the server's /auth/v1 address. */
  issuer: string;
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** GoTrue's v1 refresh token: 12 random lowercase letters and digits. */
function newRefreshToken(): string {
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export const refreshTokenPattern = /^[a-z0-9]{12}$/;

async function insertRefreshToken(db: Queryable, userId: string, sessionId: string, parent: string | null) {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** The access token with GoTrue's claims; `amr` comes from the session's recorded sign-in methods. */
async function accessToken(ctx: TokenContext, db: Queryable, user: UserRow, sessionId: string) {
  const { rows } = await db.query<{ authentication_method: string; created_at: Date }>(
    `select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc`,
    [sessionId],
  );
  const claims: Json = {
    iss: ctx.issuer,
    sub: user.id,
    aud: user.aud,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal: 'aal1',
    amr: rows.map((row) => ({
      method: row.authentication_method,
      timestamp: Math.floor(new Date(row.created_at).getTime() / 1000),
    })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  return signJwt(claims, ctx.jwtSecret, ctx.settings.jwtExpiry);
}

async function sessionResponse(
  ctx: TokenContext,
  db: Queryable,
  user: UserRow,
  sessionId: string,
  refresh: string,
) {
  const token = await accessToken(ctx, db, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.settings.jwtExpiry,
    expires_at: Math.floor(Date.now() / 1000) + ctx.settings.jwtExpiry,
    refresh_token: refresh,
    user: await userJson(db, user),
  };
}

/** A new session for the user: auth.sessions row, its sign-in method, a refresh token, the tokens. */
export async function createSession(
  ctx: TokenContext,
  userId: string,
  method: AuthMethod,
  request: { ip?: string; userAgent?: string },
): Promise<Json> {
  return ctx.db.transaction(async (tx) => {
    const sessionId = randomUUID();
    await tx.query(
      `insert into auth.sessions (id, user_id, aal, created_at, updated_at, user_agent, ip)
       values ($1, $2, 'aal1', now(), now(), $3, $4::inet)`,
      [sessionId, userId, request.userAgent ?? null, request.ip ?? null],
    );
    await tx.query(
      `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
       values ($1, $2, $3, now(), now())`,
      [randomUUID(), sessionId, method],
    );
    await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [
      userId,
    ]);
    await tx.query(
      `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
      [userId],
    );
    const refresh = await insertRefreshToken(tx, userId, sessionId, null);
    const user = (await findUserById(tx, userId))!;
    return sessionResponse(ctx, tx, user, sessionId, refresh);
  });
}

interface RefreshRow {
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  updated_at: Date;
  not_after: Date | null;
}

/**
 * GoTrue's refresh-token grant: the presented token is revoked and a child issued in the same session.
 * A revoked token is answered with the active child when it is its parent, or a new child within the
 * reuse interval; beyond it the reuse counts as theft and the whole session is revoked.
 */
export async function refreshSession(ctx: TokenContext, presented: string): Promise<Json> {
  if (!refreshTokenPattern.test(presented)) throw authErrors.validation('Refresh token is not valid');
  // The revocation of a stolen token's session must commit, so that outcome is returned, not thrown.
  const outcome = await ctx.db.transaction(async (tx): Promise<Json | 'reused'> => {
    const { rows } = await tx.query<RefreshRow>(
      `select t.token, t.user_id, t.revoked, t.session_id, t.updated_at, s.not_after
         from auth.refresh_tokens t left join auth.sessions s on s.id = t.session_id
        where t.token = $1 for update of t`,
      [presented],
    );
    const found = rows[0];
    if (!found) throw authErrors.refreshTokenNotFound();
    if (!found.session_id) throw authErrors.sessionNotFound(400);
    const sessionId = found.session_id;
    if (found.not_after && new Date(found.not_after).getTime() < Date.now()) {
      throw new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
    }
    const user = await findUserById(tx, found.user_id);
    if (!user) throw authErrors.refreshTokenNotFound();

    if (found.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [sessionId],
      );
      const current = active.rows[0];
      if (current && current.parent === presented) {
        return sessionResponse(ctx, tx, user, sessionId, current.token);
      }
      const reuseDeadline =
        new Date(found.updated_at).getTime() + ctx.settings.refreshTokenReuseInterval * 1000;
      if (Date.now() > reuseDeadline) {
        if (ctx.settings.refreshTokenRotation) {
          await tx.query(`delete from auth.sessions where id = $1`, [sessionId]);
        }
        return 'reused';
      }
    } else {
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [
        presented,
      ]);
    }
    await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [
      sessionId,
    ]);
    const child = await insertRefreshToken(tx, user.id, sessionId, presented);
    return sessionResponse(ctx, tx, user, sessionId, child);
  });
  if (outcome === 'reused') throw authErrors.refreshTokenAlreadyUsed();
  return outcome;
}
