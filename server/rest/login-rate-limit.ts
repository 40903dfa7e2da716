import type { FastifyRequest } from 'fastify';
import { AuthError } from '../auth/errors.ts';
import type { AuthLimiters } from '../auth/rate-limit.ts';
import { PostgrestError } from './postgrest-error.ts';

/** api functions that create a login when called anonymously: each call counts as a sign-up. */
const loginCreatingFunctions = new Set(['api.join_merchant']);

/**
 * Counts an anonymous call of a login-creating function against the caller's address, on the same
 * limiter as `/auth/v1/signup` (`[auth.rate_limit] sign_in_sign_ups` per 5 minutes). Over the limit it
 * answers as a function raising SQLSTATE PT429 would through PostgREST: HTTP 429, code PT429.
 */
export function limitLoginCreation(
  request: FastifyRequest,
  call: { schema: string; fn: string; role: string },
  limiters: AuthLimiters,
): void {
  if (call.role !== 'anon' || !loginCreatingFunctions.has(`${call.schema}.${call.fn}`)) return;
  try {
    limiters.signInSignUps.hit(request.ip);
  } catch (error) {
    if (!(error instanceof AuthError) || error.status !== 429) throw error;
    throw PostgrestError.of(
      429,
      'PT429',
      'Troppe registrazioni da questo indirizzo: riprova tra qualche minuto',
    );
  }
}
