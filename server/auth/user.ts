import type { FastifyInstance } from 'fastify';
import {
  bodyOf,
  checkEmailFrequency,
  checkPassword,
  objectField,
  redirectOf,
  stringField,
  type AuthContext,
} from './auth-context.ts';
import { AuthError, authErrors } from './errors.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import { requireUser } from './request-auth.ts';
import { gotrueBody, gotrueQuery } from './request-schemas.ts';
import { sendTokenEmail } from './token-email.ts';
import { findUserByEmail, findUserById, isValidEmail, mergeMetadata, userJson } from './users.ts';

/** `GET /user` and `PUT /user`: the signed-in user, fresh from the database, and its own changes. */
export async function userRoutes(app: FastifyInstance, auth: AuthContext) {
  const { db, keys } = auth.server;

  app.get('/auth/v1/user', async (request) => {
    const { user } = await requireUser(request, db, keys.jwtSecret);
    return userJson(db, user);
  });

  const schema = {
    body: gotrueBody({ email: 'string', password: 'string', data: 'object', app_metadata: 'object' }),
    querystring: gotrueQuery('redirect_to'),
  };

  app.put('/auth/v1/user', { schema }, async (request) => {
    const { user, sessionId } = await requireUser(request, db, keys.jwtSecret);
    auth.limiters.signInSignUps.hit(request.ip);
    const body = bodyOf(request);
    if (body.app_metadata !== undefined && body.app_metadata !== null) {
      throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    }
    const data = objectField(body, 'data');
    const password = typeof body.password === 'string' ? body.password : undefined;
    const email = body.email === undefined ? undefined : stringField(body, 'email').toLowerCase();

    if (password !== undefined) {
      checkPassword(auth.settings, password);
      if (await passwordMatches(password, user.encrypted_password)) throw authErrors.samePassword();
    }
    const changesEmail = email !== undefined && email !== '' && email !== (user.email ?? '').toLowerCase();
    if (changesEmail) {
      if (!isValidEmail(email)) throw authErrors.invalidEmail();
      if (await findUserByEmail(db, email)) throw authErrors.emailExists();
      checkEmailFrequency(auth.settings, user.email_change_sent_at);
    }
    const passwordHash = password !== undefined ? await hashPassword(password) : undefined;

    await db.transaction(async (tx) => {
      if (data) {
        await tx.query(`update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1`, [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
        ]);
      }
      if (passwordHash) {
        await tx.query(
          `update auth.users set encrypted_password = $2, recovery_token = '', confirmation_token = '', updated_at = now()
            where id = $1`,
          [user.id, passwordHash],
        );
        await tx.query(
          `delete from auth.one_time_tokens where user_id = $1 and token_type in ('recovery_token', 'confirmation_token')`,
          [user.id],
        );
        // A new password signs out every other device.
        await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2::uuid`, [
          user.id,
          sessionId,
        ]);
      }
      if (changesEmail) {
        await tx.query(
          `update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1`,
          [user.id, email],
        );
        const current = user.email ?? '';
        const change = {
          template: 'email_change',
          user,
          email: current,
          newEmail: email,
          redirectTo: redirectOf(auth, request),
        } as const;
        await sendTokenEmail(auth, tx, { ...change, kind: 'email_change_token_new', to: email });
        if (auth.settings.doubleConfirmChanges && current)
          await sendTokenEmail(auth, tx, { ...change, kind: 'email_change_token_current', to: current });
      }
    });
    return userJson(db, (await findUserById(db, user.id))!);
  });
}
