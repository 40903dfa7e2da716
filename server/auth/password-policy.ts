import type { Database } from '../db/port.ts';

/**
 * Writes config.toml's `[auth] minimum_password_length` where the SQL that creates logins reads it
 * (app.password_policy), once the app's migrations have created that table.
 */
export async function applyPasswordPolicy(db: Database, minimumLength: number): Promise<void> {
  const { rows } = await db.query<{ present: boolean }>(
    `select to_regclass('app.password_policy') is not null as present`,
  );
  if (!rows[0]?.present) return;
  await db.query(
    `insert into app.password_policy (singleton, minimum_length) values (true, $1)
     on conflict (singleton) do update set minimum_length = excluded.minimum_length`,
    [minimumLength],
  );
}
