import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyOf, clientOf, redirectOf, stringField, tokenContext, type AuthContext } from './auth-context.ts';
import { AuthError, authErrors } from './errors.ts';
import { clearAllTokens, clearToken, findToken, tokenHashOf, type TokenKind } from './one-time-tokens.ts';
import { gotrueBody, gotrueQuery } from './request-schemas.ts';
import { createSession } from './sessions.ts';
import { confirmEmail, findUserById, type Json } from './users.ts';

/** Which pending tokens each verification type may redeem. */
const kindsOf: Record<string, TokenKind[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email: ['confirmation', 'recovery'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

const firstOfTwoAccepted =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type Outcome = { session: Json } | { message: string };

/**
 * Redeems an e-mailed link: each works once (every pending token of the user is cleared) and only
 * until `otp_expiry` after it was sent. Returns a session signed in with `otp`, or, for the first of
 * two e-mail-change confirmations, only a message.
 */
async function redeem(
  auth: AuthContext,
  request: FastifyRequest,
  type: string,
  tokenHash: string,
  tokenHashForm: boolean,
): Promise<Outcome> {
  const kinds = kindsOf[type];
  if (!kinds) throw authErrors.validation(`Verify requires a verification type`);
  const { db } = auth.server;
  const outcome = await db.transaction(async (tx): Promise<{ userId: string } | { message: string }> => {
    const found = await findToken(tx, tokenHash, kinds);
    const expired =
      !found?.sentAt || new Date(found.sentAt).getTime() + auth.settings.otpExpiry * 1000 < Date.now();
    if (!found || expired) throw authErrors.otpExpired(tokenHashForm);
    const { userId, kind } = found;
    if (kind === 'confirmation' || kind === 'recovery') {
      await confirmEmail(tx, userId);
      await clearAllTokens(tx, userId);
      return { userId };
    }
    const { rows } = await tx.query<{
      email_change: string;
      email_change_confirm_status: number;
      pending_other: boolean;
    }>(
      `select email_change, email_change_confirm_status,
              (case when $2 = 'email_change_token_new' then email_change_token_current else email_change_token_new end) <> ''
                as pending_other
         from auth.users where id = $1`,
      [userId, kind],
    );
    const change = rows[0]!;
    if (
      auth.settings.doubleConfirmChanges &&
      change.email_change_confirm_status === 0 &&
      change.pending_other
    ) {
      await clearToken(tx, userId, kind);
      await tx.query(
        `update auth.users set email_change_confirm_status = 1, updated_at = now() where id = $1`,
        [userId],
      );
      return { message: firstOfTwoAccepted };
    }
    await tx.query(
      `update auth.users
          set email = email_change, email_change = '', email_change_confirm_status = 0,
              raw_user_meta_data = case when raw_user_meta_data ? 'email'
                then jsonb_set(raw_user_meta_data, '{email}', to_jsonb(email_change::text)) else raw_user_meta_data end,
              updated_at = now()
        where id = $1`,
      [userId],
    );
    await tx.query(
      `update auth.identities set identity_data = jsonb_set(identity_data, '{email}', to_jsonb($2::text)), updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [userId, change.email_change],
    );
    await clearAllTokens(tx, userId);
    return { userId };
  });
  if ('message' in outcome) return outcome;
  const user = await findUserById(db, outcome.userId);
  if (!user) throw authErrors.otpExpired(tokenHashForm);
  return { session: await createSession(tokenContext(auth), user.id, 'otp', clientOf(request)) };
}

function fragment(values: Record<string, string | number>): string {
  return new URLSearchParams(
    Object.entries(values).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
}

/** `POST /verify` (verifyOtp) and `GET /verify` (the link in the e-mail, redirecting into the app). */
export async function verifyRoutes(app: FastifyInstance, auth: AuthContext) {
  const body = gotrueBody({ type: 'string', token_hash: 'string', token: 'string', email: 'string' });
  app.post('/auth/v1/verify', { schema: { body } }, async (request) => {
    auth.limiters.tokenVerifications.hit(request.ip);
    const body = bodyOf(request);
    const type = stringField(body, 'type');
    const tokenHash = stringField(body, 'token_hash');
    const token = stringField(body, 'token');
    const email = stringField(body, 'email');
    if (!type) throw authErrors.validation('Verify requires a verification type');
    if (tokenHash && (token || email))
      throw authErrors.validation('Verify requires either a token or a token hash');
    if (!tokenHash && (!token || !email))
      throw authErrors.validation('Verify requires a token or a token hash');
    const outcome = tokenHash
      ? await redeem(auth, request, type, tokenHash, true)
      : await redeem(auth, request, type, tokenHashOf(email, token), false);
    return 'session' in outcome ? outcome.session : { msg: outcome.message, code: 200 };
  });

  const querystring = gotrueQuery('token', 'type', 'redirect_to');
  app.get('/auth/v1/verify', { schema: { querystring } }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const redirectTo = redirectOf(auth, request);
    const type = query.type ?? '';
    const target = (hash: string) => `${redirectTo.split('#')[0]}#${hash}`;
    try {
      auth.limiters.tokenVerifications.hit(request.ip);
      if (!query.token) throw authErrors.validation('Verify requires a token or a token hash');
      const outcome = await redeem(auth, request, type, query.token, true);
      if ('message' in outcome)
        return reply.redirect(target(fragment({ message: outcome.message, sb: '' })), 303);
      const session = outcome.session as Record<string, string | number>;
      return reply.redirect(
        target(
          fragment({
            access_token: session.access_token!,
            expires_at: session.expires_at!,
            expires_in: session.expires_in!,
            refresh_token: session.refresh_token!,
            token_type: 'bearer',
            type,
            sb: '',
          }),
        ),
        303,
      );
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return reply.redirect(
        target(
          fragment({
            error: 'access_denied',
            error_code: error.code,
            error_description: error.message,
            sb: '',
          }),
        ),
        303,
      );
    }
  });
}
