import type { FastifyRequest } from 'fastify';
import { AuthError } from '../auth/errors.ts';
import type { AuthLimiters } from '../auth/rate-limit.ts';
import { PostgrestError } from './postgrest-error.ts';

export type SignUpLimit = (
  request: FastifyRequest,
  call: { schema: string; fn: string; role: string },
) => void;

/**
 * Counts an anonymous call of a sign-up function (`signUpFunctions` of the config: the ones that create
 * a login or preview a sponsor) against the caller's address, on the same limiter as `/auth/v1/signup` (`[auth.rate_limit]
 * sign_in_sign_ups` per 5 minutes). Over the limit it answers as a function raising SQLSTATE PT429
 * would through PostgREST: HTTP 429, code PT429.
 */
export function signUpLimit(signUpFunctions: readonly string[], limiters: AuthLimiters): SignUpLimit {
  const functions = new Set(signUpFunctions);
  return (request, call) => {
    if (call.role !== 'anon' || !functions.has(`${call.schema}.${call.fn}`)) return;
    try {
      limiters.signInSignUps.hit(request.ip);
    } catch (error) {
      if (!(error instanceof AuthError) || error.status !== 429) throw error;
      throw PostgrestError.of(
        429,
        'PT429',
        'Troppe richieste di registrazione da questo indirizzo: riprova tra qualche minuto',
      );
    }
  };
}
