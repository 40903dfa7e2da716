import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signJwt } from './jwt.ts';

export interface Keys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
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

/** The anon and service_role API keys: long-lived HS256 JWTs carrying only a role, as Supabase's are. */
export async function createKeys(jwtSecret: string): Promise<Keys> {
  const tenYears = 10 * 365 * 24 * 3600;
  return {
    jwtSecret,
    anonKey: await signJwt({ iss: 'supabase-demo', role: 'anon' }, jwtSecret, tenYears),
    serviceRoleKey: await signJwt({ iss: 'supabase-demo', role: 'service_role' }, jwtSecret, tenYears),
  };
}
