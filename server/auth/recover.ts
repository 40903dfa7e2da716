import type { FastifyInstance } from 'fastify';
import { bodyOf, checkEmailFrequency, redirectOf, stringField, type AuthContext } from './auth-context.ts';
import { authErrors } from './errors.ts';
import { gotrueBody, gotrueQuery } from './request-schemas.ts';
import { sendTokenEmail } from './token-email.ts';
import { findUserByEmail, isConfirmed, isValidEmail } from './users.ts';

/**
 * `POST /recover` sends the password-reset e-mail and answers `{}` whether or not the address is
 * known, so nobody learns which addresses have an account. `POST /resend` re-sends a pending
 * sign-up confirmation, with the same answer in every case.
 */
export async function recoverRoutes(app: FastifyInstance, auth: AuthContext) {
  const { db } = auth.server;

  const querystring = gotrueQuery('redirect_to');

  app.post(
    '/auth/v1/recover',
    { schema: { body: gotrueBody({ email: 'string' }), querystring } },
    async (request) => {
      auth.limiters.signInSignUps.hit(request.ip);
      const email = stringField(bodyOf(request), 'email').toLowerCase();
      if (!email) throw authErrors.validation('Password recovery requires an email');
      if (!isValidEmail(email)) throw authErrors.invalidEmail();
      const redirectTo = redirectOf(auth, request);
      const user = await findUserByEmail(db, email);
      if (!user) return {};
      checkEmailFrequency(auth.settings, user.recovery_sent_at);
      await db.transaction((tx) =>
        sendTokenEmail(auth, tx, { template: 'recovery', kind: 'recovery', user, to: email, redirectTo }),
      );
      return {};
    },
  );

  const resendBody = gotrueBody({ type: 'string', email: 'string' });
  app.post('/auth/v1/resend', { schema: { body: resendBody, querystring } }, async (request) => {
    auth.limiters.signInSignUps.hit(request.ip);
    const body = bodyOf(request);
    const type = stringField(body, 'type');
    const email = stringField(body, 'email').toLowerCase();
    if (!['signup', 'email_change'].includes(type))
      throw authErrors.validation('Missing one of these types: signup, email_change');
    if (!isValidEmail(email)) throw authErrors.invalidEmail();
    const user = await findUserByEmail(db, email);
    if (type !== 'signup' || !user || isConfirmed(user)) return {};
    checkEmailFrequency(auth.settings, user.confirmation_sent_at);
    const redirectTo = redirectOf(auth, request);
    await db.transaction((tx) =>
      sendTokenEmail(auth, tx, {
        template: 'confirmation',
        kind: 'confirmation',
        user,
        to: email,
        redirectTo,
      }),
    );
    return {};
  });
}
