import { z } from 'zod';

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
