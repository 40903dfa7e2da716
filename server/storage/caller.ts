import type { FastifyRequest } from 'fastify';
import { impersonate } from '../db/impersonate.ts';
import type { Database, Queryable } from '../db/port.ts';
import { gatewayToken } from '../jwt/bearer-token.ts';
import { verifyJwt, type Claims } from '../jwt/jwt.ts';
import { accessDenied } from './storage-error.ts';

export interface Caller {
  role: string;
  claims: Claims & { role: string };
  /** The JWT subject: owner_id always, owner too when it is a uuid. */
  sub?: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ownerUuid(caller: Caller): string | null {
  return caller.sub && uuidPattern.test(caller.sub) ? caller.sub : null;
}

/** The caller as storage-api reads it: a valid JWT is required, its role and subject decide. */
export async function callerOf(request: FastifyRequest, jwtSecret: string): Promise<Caller> {
  const token = gatewayToken(request.headers);
  if (!token) throw accessDenied('Missing authorization header');
  const result = await verifyJwt(token, jwtSecret);
  if (!result.ok) throw accessDenied(result.reason === 'expired' ? 'jwt expired' : 'invalid signature');
  const role = typeof result.claims.role === 'string' ? result.claims.role : 'anon';
  return { role, claims: { ...result.claims, role }, sub: result.claims.sub };
}

/**
 * Runs `work` in one transaction as the caller's role with its claims, as storage-api does, so that
 * the policies on storage.objects are the only authority.
 */
export function asCaller<T>(
  db: Database,
  caller: Caller,
  operation: string,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await impersonate(tx, caller.claims, {
      'storage.operation': `storage.object.${operation}`,
      'storage.allow_delete_query': 'true',
    });
    return work(tx);
  });
}
