import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { healthRoutes } from './auth/health.ts';
import { authRoutes } from './auth/index.ts';
import type { ServerContext } from './context.ts';
import { fastifyHttpOptions } from './http/limits.ts';
import { securityHeaders } from './http/security-headers.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { realtimeRoutes } from './realtime/index.ts';
import { restRoutes } from './rest/index.ts';
import { spaRoutes } from './spa/index.ts';
import { storageRoutes } from './storage/index.ts';

export const bodyLimitBytes = 1024 * 1024;
/** Bytes of body above which an answer is compressed: about one TCP segment's payload (MSS 1,460). */
export const compressAbove = 1400;

/** The whole server as one Fastify app; the entry file only boots it, tests build it in-process. */
export async function buildApp(
  context: ServerContext,
  options: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: bodyLimitBytes,
    trustProxy: fastifyTrustProxy(context.config.trustProxy),
    ...fastifyHttpOptions(context.config.http),
    // A route's schema checks the input as it came: "60" is not a number, "a" is not a list.
    ajv: { customOptions: { coerceTypes: false } },
  });

  // gzip or brotli for every compressible response larger than one TCP segment's payload (a 20,000-client
  // tree: 2.8 MB → ~0.8 MB). A smaller answer goes as it is: compressing it saves no round trip and costs
  // both ends time (a 1.2 KB salon page inflated by Node's fetch: 0.4–0.8 ms, bench/README.md).
  await app.register(fastifyCompress, {
    threshold: compressAbove,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // JSON bodies of any JSON media type (PostgREST clients send application/json; charset=utf-8), and
  // nothing else unless a route family says so: another media type is a 415, never a 500.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(/^application\/(.+\+)?json/, { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('Invalid JSON body'), { statusCode: 400, code: 'PGRST102' }), undefined);
    }
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message =
      status === 413 ? 'Request body is too large' : status >= 500 ? 'Internal server error' : error.message;
    const code = status === 413 ? 'PGRST413' : (error.code ?? `HTTP${status}`);
    return reply.code(status).send({ code, message, details: null, hint: null });
  });

  securityHeaders(app);

  await app.register(healthRoutes, context);
  await app.register(authRoutes, context);
  await app.register(restRoutes, context);
  await app.register(storageRoutes, context);
  await app.register(realtimeRoutes, context);
  await app.register(spaRoutes, context);
  return app;
}
