import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export interface Keys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

export interface Claims extends JWTPayload {
  role?: string;
  email?: string;
  session_id?: string;
}

/** The secret from the environment, or one generated on first start and kept owner-readable in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string | undefined): string {
  if (configured) return configured;
  if (!dataDir) return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function signJwt(claims: Claims, secret: string, expiresInSeconds?: number): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  if (expiresInSeconds !== undefined) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds);
  return jwt.sign(new TextEncoder().encode(secret));
}

/** The anon and service_role API keys: long-lived HS256 JWTs carrying only a role, as Supabase's are. */
export async function createKeys(jwtSecret: string): Promise<Keys> {
  const tenYears = 10 * 365 * 24 * 3600;
  return {
    jwtSecret,
    anonKey: await signJwt({ iss: 'supabase-demo', role: 'anon' }, jwtSecret, tenYears),
    serviceRoleKey: await signJwt({ iss: 'supabase-demo', role: 'service_role' }, jwtSecret, tenYears),
  };
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid' };

/** Tokens already verified, by secret and token: a signature is checked once, the expiry every time. */
const verifiedTokens = new Map<string, Claims>();
const maxVerifiedTokens = 1000;
const nowInSeconds = () => Math.floor(Date.now() / 1000);

export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  const key = `${secret}\n${token}`;
  const known = verifiedTokens.get(key);
  if (known) {
    if (known.exp !== undefined && known.exp <= nowInSeconds()) {
      verifiedTokens.delete(key);
      return { ok: false, reason: 'expired' };
    }
    return { ok: true, claims: { ...known } };
  }
  try {
    const { payload } = await jwtVerify<Claims>(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
    });
    // A token not valid yet (nbf) is checked again next time rather than remembered.
    if (payload.nbf === undefined || payload.nbf <= nowInSeconds()) {
      if (verifiedTokens.size >= maxVerifiedTokens)
        verifiedTokens.delete(verifiedTokens.keys().next().value!);
      verifiedTokens.set(key, { ...payload });
    }
    return { ok: true, claims: payload };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
