import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/port.ts';
import { bearerToken } from '../jwt/bearer-token.ts';
import { verifyJwt, type Claims } from '../jwt/jwt.ts';
import { authErrors } from './errors.ts';
import { findUserById, type UserRow } from './users.ts';

/** GoTrue's GOTRUE_JWT_ADMIN_ROLES default. */
const adminRoles = new Set(['service_role', 'supabase_admin']);

async function verifiedClaims(request: FastifyRequest, jwtSecret: string): Promise<Claims> {
  const token = bearerToken(request.headers);
  if (!token) throw authErrors.noAuthorization();
  const result = await verifyJwt(token, jwtSecret);
  if (!result.ok) {
    throw authErrors.badJwt(
      result.reason === 'expired' ? 'token is expired' : 'unable to parse or verify signature',
    );
  }
  return result.claims;
}

export interface SignedInUser {
  claims: Claims;
  user: UserRow;
  sessionId: string;
}

/** The caller of a user endpoint: a valid access token whose user and session still exist. */
export async function requireUser(
  request: FastifyRequest,
  db: Queryable,
  jwtSecret: string,
): Promise<SignedInUser> {
  const claims = await verifiedClaims(request, jwtSecret);
  if (!claims.sub) throw authErrors.badJwt('invalid claim: missing sub claim');
  const user = await findUserById(db, claims.sub);
  if (!user) throw authErrors.userNotFoundFromJwt();
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  const { rows } = await db.query(`select 1 from auth.sessions where id::text = $1 and user_id = $2`, [
    sessionId,
    user.id,
  ]);
  if (rows.length === 0) throw authErrors.sessionNotFound();
  return { claims, user, sessionId };
}

/** Admin endpoints accept only a JWT whose role is an admin role (the service_role key). */
export async function requireAdmin(request: FastifyRequest, jwtSecret: string): Promise<Claims> {
  const claims = await verifiedClaims(request, jwtSecret);
  if (typeof claims.role !== 'string' || !adminRoles.has(claims.role)) throw authErrors.notAdmin();
  return claims;
}
