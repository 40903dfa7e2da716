import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalidRequest } from './storage-error.ts';

/**
 * Storage reads every body as bytes (an upload may itself be JSON), so the JSON routes parse and
 * validate theirs here against the route's schema.
 */
export function jsonBody<Schema extends z.ZodType>(request: FastifyRequest, schema: Schema): z.infer<Schema> {
  let value: unknown;
  try {
    const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    value = text === '' ? {} : JSON.parse(text);
  } catch {
    throw invalidRequest('Invalid JSON body');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidRequest(parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}
