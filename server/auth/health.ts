import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';

/** GoTrue's health check: 200 once the database answers. */
export async function healthRoutes(app: FastifyInstance, context: ServerContext) {
  app.get('/auth/v1/health', async (_request, reply) => {
    try {
      await context.db.query('select 1');
      return {
        version: 'passaparola',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      };
    } catch {
      return reply.code(503).send({ code: 503, error_code: 'unexpected_failure', msg: 'Database not ready' });
    }
  });
}
