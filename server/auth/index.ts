import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { adminUserRoutes } from './admin-users.ts';
import { createAuthContext, replyWithError } from './auth-context.ts';
import { apiVersion, authErrors } from './errors.ts';
import { logoutRoutes } from './logout.ts';
import { otpRoutes } from './otp.ts';
import { recoverRoutes } from './recover.ts';
import { settingsRoutes } from './settings-route.ts';
import { signupRoutes } from './signup.ts';
import { tokenRoutes } from './token.ts';
import { userRoutes } from './user.ts';
import { verifyRoutes } from './verify.ts';

/** GoTrue's HTTP API under /auth/v1, as supabase-js calls it. */
export async function authRoutes(app: FastifyInstance, context: ServerContext) {
  const auth = createAuthContext(context);

  app.setErrorHandler((error, request, reply) => replyWithError(request, reply, error));

  // GoTrue reads every body as JSON whatever its content type (bad_json when it is not), and
  // supabase-js posts /logout with a JSON content type and no body: an empty body is no body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(authErrors.badJson(), undefined);
    }
  });

  // As GoTrue behind Supabase's gateway: any origin, the client's headers, the version exposed.
  app.addHook('onRequest', async (request, reply) => {
    reply
      .header('access-control-allow-origin', request.headers.origin ?? '*')
      .header('vary', 'Origin')
      .header(
        'access-control-expose-headers',
        'X-Supabase-Api-Version, X-Total-Count, Link, X-Sb-Error-Code',
      );
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-supabase-api-version', apiVersion);
  });
  app.options('/auth/v1/*', async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
      .header(
        'access-control-allow-headers',
        'authorization, apikey, content-type, x-client-info, x-supabase-api-version',
      )
      .header('access-control-max-age', '86400')
      .send(),
  );

  for (const routes of [
    signupRoutes,
    tokenRoutes,
    otpRoutes,
    verifyRoutes,
    recoverRoutes,
    userRoutes,
    logoutRoutes,
    settingsRoutes,
    adminUserRoutes,
  ]) {
    await app.register(routes, auth);
  }
}
