import type { Queryable, Statement } from './port.ts';

/** The verified JWT claims of a caller; `role` is always present. */
export interface CallerClaims {
  role: string;
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

// One JSON object in, one row out: no array literal to escape, no settings echoed back.
const impersonationSql =
  'select pg_catalog.count(pg_catalog.set_config(setting.key, setting.value, true)) from pg_catalog.json_each_text($1::json) as setting';

/**
 * The statement that makes the rest of the transaction run as the caller, as PostgREST, Storage and
 * Realtime do: `role` (= SET LOCAL ROLE), `request.jwt.claims`, the legacy `request.jwt.claim.*` that
 * older auth.uid() versions read, plus any extra settings, applied in that order. Names and values travel
 * as one bound JSON parameter.
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
  return { sql: impersonationSql, params: [JSON.stringify(all)], prepared: true };
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
