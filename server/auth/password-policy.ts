import type { Database } from '../db/port.ts';
import { quoteQualified } from '../db/sql-names.ts';

/**
 * Writes config.toml's `[auth] minimum_password_length` where the SQL that creates logins reads it
 * (the application's password policy table), once the app's migrations have created that table.
 */
export async function applyPasswordPolicy(db: Database, table: string, minimumLength: number): Promise<void> {
  const { rows } = await db.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [
    table,
  ]);
  if (!rows[0]?.present) return;
  await db.query(
    `insert into ${quoteQualified(table)} (singleton, minimum_length) values (true, $1)
     on conflict (singleton) do update set minimum_length = excluded.minimum_length`,
    [minimumLength],
  );
}
