import { readFileSync } from 'node:fs';
import type { Database } from './port.ts';

const rolesSql = readFileSync(new URL('./platform-roles.sql', import.meta.url), 'utf8');
const bootstrapSql = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

/** The anon, authenticated and service_role roles, granted to the current login. Idempotent. */
export async function ensurePlatformRoles(db: Database): Promise<void> {
  await db.exec(rolesSql);
}

/** Gives a plain database the roles, schemas and helpers a Supabase project has. Idempotent. */
export async function applyPlatformBootstrap(db: Database): Promise<void> {
  const alreadyThere = await db.query<{ ready: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as ready",
  );
  if (alreadyThere.rows[0]?.ready) return;
  await db.transaction(async (tx) => {
    await tx.exec(rolesSql);
    await tx.exec(bootstrapSql);
  });
}
