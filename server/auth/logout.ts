import type { FastifyInstance } from 'fastify';
import type { AuthContext } from './auth-context.ts';
import { authErrors } from './errors.ts';
import { requireUser } from './request-auth.ts';
import { gotrueQuery } from './request-schemas.ts';

/** `POST /logout?scope=global|local|others`: ends sessions, so their access tokens stop working at once. */
export async function logoutRoutes(app: FastifyInstance, auth: AuthContext) {
  const { db, keys } = auth.server;

  app.post('/auth/v1/logout', { schema: { querystring: gotrueQuery('scope') } }, async (request, reply) => {
    const scope = (request.query as Record<string, string | undefined>).scope ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) {
      throw authErrors.validation(`Unsupported logout scope "${scope}"`);
    }
    const { user, sessionId } = await requireUser(request, db, keys.jwtSecret);
    if (scope === 'local') await db.query(`delete from auth.sessions where id = $1`, [sessionId]);
    else if (scope === 'others') {
      await db.query(`delete from auth.sessions where user_id = $1 and id <> $2::uuid`, [user.id, sessionId]);
    } else await db.query(`delete from auth.sessions where user_id = $1`, [user.id]);
    return reply.code(204).send();
  });
}
