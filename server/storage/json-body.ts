import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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

/** A zod schema as the route's JSON schema: Fastify validates the body (and fills in the defaults). */
export const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', target: 'draft-7' });

/** `:bucket` alone, or `:bucket/*`, in a route's path. */
export const bucketParams = {
  type: 'object',
  properties: { bucket: { type: 'string' } },
  required: ['bucket'],
};
export const objectParams = {
  type: 'object',
  properties: { bucket: { type: 'string' }, '*': { type: 'string' } },
  required: ['bucket', '*'],
};
