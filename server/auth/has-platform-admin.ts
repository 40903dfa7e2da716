import type { Queryable } from '../db/port.ts';

/** Whether any account holds the platform-admin role (false before the app's migrations made the table). */
export async function hasPlatformAdmin(db: Queryable): Promise<boolean> {
  const table = await db.query<{ present: boolean }>(
    `select to_regclass('app.platform_admins') is not null as present`,
  );
  if (table.rows[0]?.present !== true) return false;
  const admins = await db.query<{ present: boolean }>(
    `select exists (select 1 from app.platform_admins) as present`,
  );
  return admins.rows[0]?.present === true;
}
