import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/port.ts';

/** The user column and auth.one_time_tokens type of each kind of e-mailed link. */
export const tokenKinds = {
  confirmation: { column: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { column: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change_token_new: { column: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_token_current: { column: 'email_change_token_current', sentAt: 'email_change_sent_at' },
} as const;

export type TokenKind = keyof typeof tokenKinds;

const typeOf: Record<TokenKind, string> = {
  confirmation: 'confirmation_token',
  recovery: 'recovery_token',
  email_change_token_new: 'email_change_token_new',
  email_change_token_current: 'email_change_token_current',
};

export interface IssuedToken {
  /** The code the user may type (`{{ .Token }}`). */
  otp: string;
  /** sha224(email + otp), what links carry (`{{ .TokenHash }}`). */
  tokenHash: string;
}

export function tokenHashOf(email: string, otp: string): string {
  return createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');
}

/** A fresh one-time token for `email`, stored on the user and in auth.one_time_tokens (one per kind). */
export async function issueToken(
  db: Queryable,
  userId: string,
  email: string,
  kind: TokenKind,
  otpLength: number,
): Promise<IssuedToken> {
  const otp = Array.from({ length: otpLength }, () => String(randomInt(10))).join('');
  const tokenHash = tokenHashOf(email, otp);
  const { column, sentAt } = tokenKinds[kind];
  await db.query(
    `update auth.users set ${column} = $2, ${sentAt} = now(), updated_at = now() where id = $1`,
    [userId, tokenHash],
  );
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), userId, typeOf[kind], tokenHash, email.toLowerCase()],
  );
  return { otp, tokenHash };
}

export interface FoundToken {
  userId: string;
  kind: TokenKind;
  sentAt: Date | null;
}

/** The pending token among `kinds` whose hash is `tokenHash` (a `pkce_` prefix is tolerated). */
export async function findToken(
  db: Queryable,
  tokenHash: string,
  kinds: TokenKind[],
): Promise<FoundToken | undefined> {
  const hash = tokenHash.replace(/^pkce_/, '').toLowerCase();
  for (const kind of kinds) {
    const { column, sentAt } = tokenKinds[kind];
    const { rows } = await db.query<{ user_id: string; sent_at: Date | null }>(
      `select t.user_id, u.${sentAt} as sent_at
         from auth.one_time_tokens t join auth.users u on u.id = t.user_id
        where t.token_hash = $1 and t.token_type = $2::auth.one_time_token_type and u.${column} = $1`,
      [hash, typeOf[kind]],
    );
    if (rows[0]) return { userId: rows[0].user_id, kind, sentAt: rows[0].sent_at };
  }
  return undefined;
}

/** Clears one kind of pending token. */
export async function clearToken(db: Queryable, userId: string, kind: TokenKind): Promise<void> {
  await db.query(`update auth.users set ${tokenKinds[kind].column} = '' where id = $1`, [userId]);
  await db.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`,
    [userId, typeOf[kind]],
  );
}

/** Every link of the user stops working: GoTrue clears all one-time tokens after a verification. */
export async function clearAllTokens(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '',
            email_change_token_current = '' where id = $1`,
    [userId],
  );
  await db.query(`delete from auth.one_time_tokens where user_id = $1`, [userId]);
}
