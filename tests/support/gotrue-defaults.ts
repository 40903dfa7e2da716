import type { Queryable } from '../../server/db/port.ts';

/**
 * The column defaults GoTrue's own migrations leave on its tables (supabase/auth@bc32168e, read from
 * `migrations/` applied in order): every other column of these tables has none, so whoever inserts
 * must write it, as GoTrue does.
 */
export const gotrueDefaults: Record<string, string[]> = {
  users: [
    'phone',
    'phone_change',
    'phone_change_token',
    'email_change_token_current',
    'email_change_confirm_status',
    'reauthentication_token',
    'is_sso_user',
    'is_anonymous',
  ],
  identities: ['id'],
  refresh_tokens: ['id'],
  one_time_tokens: ['created_at', 'updated_at'],
  audit_log_entries: ['ip_address'],
  sessions: [],
  mfa_amr_claims: [],
  flow_state: [],
};

/** Drops every default of the auth tables that GoTrue's tables do not have. */
export async function dropDefaultsGoTrueLacks(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_catalog.pg_attrdef d
       join pg_catalog.pg_class c on c.oid = d.adrelid
       join pg_catalog.pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
      where c.relnamespace = 'auth'::regnamespace and c.relname = any($1::text[]) and a.attgenerated = ''`,
    [Object.keys(gotrueDefaults)],
  );
  const dropped = rows.filter((row) => !gotrueDefaults[row.table_name]!.includes(row.column_name));
  for (const { table_name, column_name } of dropped) {
    await db.exec(`alter table auth.${table_name} alter column ${column_name} drop default`);
  }
  return dropped.map((row) => `${row.table_name}.${row.column_name}`);
}
