import { verifyJwt } from '../jwt/jwt.ts';
import type { ChannelClaims } from './channel.ts';

export type TokenCheck = { ok: true; claims: ChannelClaims } | { ok: false; reason: string };

/** Realtime accepts a token only if it verifies and carries `role` and `exp`. */
export async function checkToken(token: string, jwtSecret: string): Promise<TokenCheck> {
  const result = await verifyJwt(token, jwtSecret);
  if (!result.ok)
    return { ok: false, reason: result.reason === 'expired' ? 'Token has expired' : 'Invalid JWT Token' };
  const { role, exp } = result.claims;
  if (typeof role !== 'string' || typeof exp !== 'number') {
    return { ok: false, reason: 'Fields `role` and `exp` are required in JWT' };
  }
  return { ok: true, claims: { ...result.claims, role } };
}

/** An opaque publishable key or nothing: the socket's apikey stands in, as on Supabase. */
export const usableToken = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' && !value.startsWith('sb_') ? value : undefined;
