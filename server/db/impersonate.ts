import type { Queryable } from './port.ts';

/** The verified JWT claims of a caller; `role` is always present. */
export interface CallerClaims {
  role: string;
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

/**
 * The settings of `$3`'s role (`alter role ... set`, this database's over the cluster's) that any user may
 * change: PostgREST applies them to each request it runs as that role, as a login would get them. So
 * `statement_timeout` holds per role: 3 s for anon, 8 s for authenticated on Supabase.
 */
const roleSettingsSql = `
  select pg_catalog.set_config(setting.name, setting.value, true)
    from (
      select distinct on (split_part(item, '=', 1))
             split_part(item, '=', 1) as name, substr(item, strpos(item, '=') + 1) as value
        from pg_catalog.pg_db_role_setting s, unnest(s.setconfig) as item
       where s.setrole = (select oid from pg_catalog.pg_roles where rolname = $3)
         and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
       order by split_part(item, '=', 1), s.setdatabase desc
    ) as setting
    join pg_catalog.pg_settings known on known.name = setting.name and known.context = 'user'`;

/**
 * Makes the rest of the transaction run as the caller, as PostgREST, Storage and Realtime do:
 * `role` (= SET LOCAL ROLE), `request.jwt.claims`, the legacy `request.jwt.claim.*` that older
 * auth.uid() versions read, the role's own settings, plus any extra settings. Names and values travel as
 * bound parameters.
 */
export async function impersonate(
  tx: Queryable,
  claims: CallerClaims,
  settings: Record<string, string> = {},
): Promise<void> {
  const all: Record<string, string> = {
    role: claims.role,
    'request.jwt.claims': JSON.stringify(claims),
    'request.jwt.claim.sub': claims.sub ?? '',
    'request.jwt.claim.role': claims.role,
    'request.jwt.claim.email': claims.email ?? '',
    ...settings,
  };
  await tx.query(
    `select set_config(name, value, true) from unnest($1::text[], $2::text[]) as s(name, value)
     union all ${roleSettingsSql}`,
    [Object.keys(all), Object.values(all), claims.role],
  );
}
