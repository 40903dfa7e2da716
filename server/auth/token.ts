import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyOf, clientOf, stringField, tokenContext, type AuthContext } from './auth-context.ts';
import { AuthError, authErrors } from './errors.ts';
import { passwordMatches } from './passwords.ts';
import { gotrueBody, gotrueQuery } from './request-schemas.ts';
import { createSession, refreshSession } from './sessions.ts';
import { findUserByEmail, isBanned, isConfirmed } from './users.ts';

/** `POST /token`: the password and refresh-token grants (the app uses the implicit flow, not PKCE). */
export async function tokenRoutes(app: FastifyInstance, auth: AuthContext) {
  // OAuth2's own encoding for the token endpoint, beside supabase-js's JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const schema = {
    body: gotrueBody({ grant_type: 'string', email: 'string', password: 'string', refresh_token: 'string' }),
    querystring: gotrueQuery('grant_type'),
  };

  app.post('/auth/v1/token', { schema }, async (request) => {
    const grantType = grantTypeOf(request);

    if (grantType === 'refresh_token') {
      auth.limiters.tokenRefresh.hit(request.ip);
      const presented = stringField(bodyOf(request), 'refresh_token');
      if (!presented) throw authErrors.refreshTokenNotFound();
      return refreshSession(tokenContext(auth), presented);
    }
    if (grantType !== 'password') {
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
    }
    auth.limiters.passwordGrants.hit(request.ip);
    const body = bodyOf(request);

    const email = stringField(body, 'email');
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email) throw authErrors.validation('missing email or phone');
    const user = await findUserByEmail(auth.server.db, email);
    if (!user || !(await passwordMatches(password, user.encrypted_password)))
      throw authErrors.invalidCredentials();
    if (isBanned(user)) throw authErrors.userBanned();
    if (!isConfirmed(user)) throw authErrors.emailNotConfirmed();
    const session = await createSession(tokenContext(auth), user.id, 'password', clientOf(request));
    return { ...session, weak_password: null };
  });
}

/** As GoTrue's `r.FormValue("grant_type")`: a form body's value first, then the query's. */
function grantTypeOf(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const fromBody = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
    ? body?.grant_type
    : undefined;
  return typeof fromBody === 'string'
    ? fromBody
    : (request.query as Record<string, string | undefined>).grant_type;
}
