import type { Queryable, Statement } from './port.ts';

/** The verified JWT claims of a caller; `role` is always present. */
export interface CallerClaims {
  role: string;
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

const impersonationSql =
  'select set_config(name, value, true) from unnest($1::text[], $2::text[]) as s(name, value)';

/**
 * The statement that makes the rest of the transaction run as the caller, as PostgREST, Storage and
 * Realtime do: `role` (= SET LOCAL ROLE), `request.jwt.claims`, the legacy `request.jwt.claim.*` that
 * older auth.uid() versions read, plus any extra settings. Names and values travel as bound parameters.
 */
export function impersonation(claims: CallerClaims, settings: Record<string, string> = {}): Statement {
  const all: Record<string, string> = {
    role: claims.role,
    'request.jwt.claims': JSON.stringify(claims),
    'request.jwt.claim.sub': claims.sub ?? '',
    'request.jwt.claim.role': claims.role,
    'request.jwt.claim.email': claims.email ?? '',
    ...settings,
  };
  return { sql: impersonationSql, params: [Object.keys(all), Object.values(all)], prepared: true };
}

/** Runs `impersonation` in `tx`. */
export async function impersonate(
  tx: Queryable,
  claims: CallerClaims,
  settings: Record<string, string> = {},
): Promise<void> {
  const { sql, params, prepared } = impersonation(claims, settings);
  await tx.query(sql, params, { prepared });
}
