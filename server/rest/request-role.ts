import type { FastifyRequest } from 'fastify';
import { gatewayToken } from '../jwt/bearer-token.ts';
import { verifyJwt, type Claims } from '../jwt/jwt.ts';
import { PostgrestError } from './postgrest-error.ts';

/** Verifies the caller's JWT as PostgREST does and returns its claims, `role` always included. */
export async function requestClaims(
  request: FastifyRequest,
  jwtSecret: string,
): Promise<Claims & { role: string }> {
  const token = gatewayToken(request.headers);
  if (!token) {
    throw PostgrestError.of(401, 'PGRST302', 'Anonymous access is disabled', null, null);
  }
  const result = await verifyJwt(token, jwtSecret);
  if (!result.ok) {
    throw result.reason === 'expired'
      ? PostgrestError.of(401, 'PGRST303', 'JWT expired')
      : PostgrestError.of(401, 'PGRST301', 'No suitable key or wrong key type', null, null);
  }
  return { ...result.claims, role: typeof result.claims.role === 'string' ? result.claims.role : 'anon' };
}
