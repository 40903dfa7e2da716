import type { FastifyInstance } from 'fastify';
import { invalidRequest } from './storage-error.ts';

/**
 * Storage reads every body as bytes (an upload may itself be JSON); the JSON routes go in a scope of
 * their own, where a body is JSON whatever its content type, and nothing is an empty object.
 */
export function acceptJsonBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, {});
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(invalidRequest('Invalid JSON body'), undefined);
    }
  });
}
