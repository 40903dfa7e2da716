import { readFileSync } from 'node:fs';
import type { Database } from './port.ts';

const bootstrapSql = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

/** Gives a plain database the roles, schemas and helpers a Supabase project has. Idempotent. */
export async function applyPlatformBootstrap(db: Database): Promise<void> {
  const alreadyThere = await db.query<{ ready: boolean }>(
    "select to_regclass('supabase_migrations.schema_migrations') is not null as ready",
  );
  if (alreadyThere.rows[0]?.ready) return;
  await db.transaction((tx) => tx.exec(bootstrapSql));
}
