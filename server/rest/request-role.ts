import type { FastifyRequest } from 'fastify';
import { verifyJwt, type Claims } from '../keys.ts';
import { PostgrestError } from './postgrest-error.ts';

/** The bearer token as Supabase's gateway reads it: Authorization first, else the apikey header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim();
  const apikey = request.headers.apikey;
  return typeof apikey === 'string' && apikey !== '' ? apikey : undefined;
}

/** Verifies the caller's JWT as PostgREST does and returns its claims, `role` always included. */
export async function requestClaims(
  request: FastifyRequest,
  jwtSecret: string,
): Promise<Claims & { role: string }> {
  const token = bearerToken(request);
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
