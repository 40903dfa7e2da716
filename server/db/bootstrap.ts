import { readFileSync } from 'node:fs';
import type { Database, Queryable } from './port.ts';

const sql = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const rolesSql = sql('./platform-roles.sql');
const schemasSql = sql('./platform-schemas.sql');
const authSql = sql('./auth-schema.sql');
const storageSql = sql('./storage-schema.sql');
const alignmentSql = sql('./platform-alignment.sql');

/** The anon, authenticated and service_role roles, granted to the current login. Idempotent. */
export async function ensurePlatformRoles(db: Database): Promise<void> {
  await db.exec(rolesSql);
}

async function missing(db: Queryable, relation: string): Promise<boolean> {
  const { rows } = await db.query<{ missing: boolean }>('select to_regclass($1) is null as missing', [
    relation,
  ]);
  return rows[0]!.missing;
}

/**
 * Gives a plain database the roles, schemas and helpers a Supabase project has, and leaves what a
 * Supabase database already has (auth and storage made by GoTrue and storage-api) as it is. Idempotent.
 */
export async function applyPlatformBootstrap(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Several server processes may start on one database at once.
    await tx.query('select pg_advisory_xact_lock(724173002)');
    await tx.exec(rolesSql);
    await tx.exec(schemasSql);
    if (await missing(tx, 'auth.users')) await tx.exec(authSql);
    if (await missing(tx, 'storage.objects')) await tx.exec(storageSql);
    await tx.exec(alignmentSql);
  });
}
