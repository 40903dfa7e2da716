import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** GoTrue's bcrypt cost. */
const cost = 10;

/**
 * A bcrypt hash in the `$2a$` form that Go's bcrypt and pgcrypto's crypt() write and read, so users
 * created by SQL (`extensions.crypt(pw, gen_salt('bf'))`) and by the API sign in alike.
 */
export async function hashPassword(password: string): Promise<string> {
  const hash = await bcrypt.hash(password, cost);
  return hash.replace(/^\$2b\$/, '$2a$');
}

export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !hash.startsWith('$2')) return false;
  return bcrypt.compare(password, hash);
}

/** What GoTrue stores for users without a password of their own (magic-link sign-ups). */
export function randomPassword(): string {
  return randomBytes(32).toString('base64url');
}
