import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  bodyOf,
  checkEmailFrequency,
  checkPassword,
  clientOf,
  objectField,
  redirectOf,
  stringField,
  tokenContext,
  type AuthContext,
} from './auth-context.ts';
import { authErrors } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { gotrueBody, gotrueQuery } from './request-schemas.ts';
import { createSession } from './sessions.ts';
import { sendTokenEmail } from './token-email.ts';
import { confirmEmail, findUserByEmail, insertUser, isConfirmed, isValidEmail, userJson } from './users.ts';

/** What GoTrue answers for an address that is already registered when confirmations are on. */
function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** `POST /signup`: e-mail, password and metadata; a session when autoconfirmed, else a confirmation e-mail. */
export async function signupRoutes(app: FastifyInstance, auth: AuthContext) {
  const { db } = auth.server;

  const schema = {
    body: gotrueBody({ email: 'string', password: 'string', data: 'object' }),
    querystring: gotrueQuery('redirect_to'),
  };

  app.post('/auth/v1/signup', { schema }, async (request) => {
    auth.limiters.signInSignUps.hit(request.ip);
    const body = bodyOf(request);
    if (!auth.settings.enableSignup) throw authErrors.signupDisabled();
    const email = stringField(body, 'email').toLowerCase();
    const password = typeof body.password === 'string' ? body.password : '';
    if (!password) throw authErrors.validation('Signup requires a valid password');
    checkPassword(auth.settings, password);
    if (!isValidEmail(email)) throw authErrors.invalidEmail();
    const data = objectField(body, 'data') ?? {};
    const autoconfirm = !auth.settings.enableConfirmations;
    const redirectTo = redirectOf(auth, request);

    const existing = await findUserByEmail(db, email);
    if (existing && (autoconfirm || isConfirmed(existing))) {
      if (autoconfirm) throw authErrors.userAlreadyExists();
      return obfuscatedUser(email, data);
    }
    if (existing) {
      // Unconfirmed: the password and metadata stay; the confirmation is sent again.
      checkEmailFrequency(auth.settings, existing.confirmation_sent_at);
      const user = await db.transaction(async (tx) => {
        await sendTokenEmail(auth, tx, {
          template: 'confirmation',
          kind: 'confirmation',
          user: existing,
          to: email,
          redirectTo,
        });
        return (await findUserByEmail(tx, email))!;
      });
      return userJson(db, user);
    }

    const passwordHash = await hashPassword(password);
    const user = await db.transaction(async (tx) => {
      const id = randomUUID();
      const created = await insertUser(tx, {
        id,
        email,
        passwordHash,
        confirmed: false,
        userMetadata: { ...data, sub: id, email, email_verified: false, phone_verified: false },
      });
      if (autoconfirm) {
        await confirmEmail(tx, id);
        return created;
      }
      await sendTokenEmail(auth, tx, {
        template: 'confirmation',
        kind: 'confirmation',
        user: created,
        to: email,
        redirectTo,
      });
      return (await findUserByEmail(tx, email))!;
    });
    if (autoconfirm) return createSession(tokenContext(auth), user.id, 'password', clientOf(request));
    return userJson(db, user);
  });
}
