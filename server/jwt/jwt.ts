import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/** The claims every service reads: the database role, the user's e-mail and GoTrue's session. */
export interface Claims extends JWTPayload {
  role?: string;
  email?: string;
  session_id?: string;
}

/** An HS256 JWT, as Supabase signs its API keys, access tokens and signed URLs. */
export function signJwt(claims: Claims, secret: string, expiresInSeconds?: number): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  if (expiresInSeconds !== undefined) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds);
  return jwt.sign(new TextEncoder().encode(secret));
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid' };

/** Tokens already verified, by secret and token: a signature is checked once, the expiry every time. */
const verifiedTokens = new Map<string, Claims>();
const maxVerifiedTokens = 1000;
const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** Checks an HS256 JWT's signature and times; each service words its own refusal from `reason`. */
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
