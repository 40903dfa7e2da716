import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  bodyOf,
  checkEmailFrequency,
  objectField,
  redirectOf,
  stringField,
  type AuthContext,
} from './auth-context.ts';
import { authErrors } from './errors.ts';
import { hashPassword, randomPassword } from './passwords.ts';
import { gotrueBody, gotrueQuery } from './request-schemas.ts';
import { sendTokenEmail } from './token-email.ts';
import { confirmEmail, findUserByEmail, insertUser, isConfirmed, isValidEmail } from './users.ts';

/**
 * `POST /otp`: a magic link by e-mail. An unknown address is signed up first (with `create_user`),
 * and then gets the confirmation e-mail when confirmations are on, the magic link otherwise.
 */
export async function otpRoutes(app: FastifyInstance, auth: AuthContext) {
  const { db } = auth.server;

  const schema = {
    body: gotrueBody({ email: 'string', create_user: 'boolean', data: 'object' }),
    querystring: gotrueQuery('redirect_to'),
  };

  app.post('/auth/v1/otp', { schema }, async (request) => {
    auth.limiters.signInSignUps.hit(request.ip);
    const body = bodyOf(request);
    const email = stringField(body, 'email').toLowerCase();
    if (!email) throw authErrors.validation('An email address or phone number is required');
    if (!isValidEmail(email)) throw authErrors.invalidEmail();
    const createUser = body.create_user !== false;
    const redirectTo = redirectOf(auth, request);
    const autoconfirm = !auth.settings.enableConfirmations;

    let user = await findUserByEmail(db, email);
    if (!user) {
      if (!createUser || !auth.settings.enableSignup) throw authErrors.otpDisabled();
      const data = objectField(body, 'data') ?? {};
      const passwordHash = await hashPassword(randomPassword());
      const id = randomUUID();
      user = await db.transaction(async (tx) => {
        await insertUser(tx, {
          id,
          email,
          passwordHash,
          confirmed: false,
          userMetadata: { ...data, sub: id, email, email_verified: false, phone_verified: false },
        });
        if (autoconfirm) await confirmEmail(tx, id);
        return (await findUserByEmail(tx, email))!;
      });
    }

    const confirmed = isConfirmed(user);
    const template = confirmed ? 'magic_link' : 'confirmation';
    checkEmailFrequency(auth.settings, confirmed ? user.recovery_sent_at : user.confirmation_sent_at);
    const found = user;
    await db.transaction((tx) =>
      sendTokenEmail(auth, tx, {
        template,
        kind: confirmed ? 'recovery' : 'confirmation',
        user: found,
        to: email,
        redirectTo,
      }),
    );
    return {};
  });
}
