import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPlatformBootstrap } from '../../../server/db/bootstrap.ts';
import { applyMigrations } from '../../../server/db/migrations.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import type { Database } from '../../../server/db/port.ts';
import { diffCatalogs, snapshotCatalog, type CatalogSnapshot } from '../../support/catalog-snapshot.ts';
import { applySchemaFiles } from '../../support/schema-files.ts';
import {
  createThrowawayPostgres,
  testDatabaseKind,
  type ThrowawayDatabase,
} from '../../support/test-database.ts';

const migrationsFolder = fileURLToPath(new URL('../../../supabase/migrations', import.meta.url));
const sides = { left: 'migrations', right: 'schema files' };

/** A fresh database with the platform bootstrap the server applies before the application. */
async function bootstrappedDatabase(): Promise<{ db: Database; close(): Promise<void> }> {
  const postgres: ThrowawayDatabase | undefined =
    testDatabaseKind === 'postgres' ? await createThrowawayPostgres() : undefined;
  const db = await openDatabase({ databaseUrl: postgres?.url });
  await applyPlatformBootstrap(db);
  return {
    db,
    async close() {
      await db.close();
      await postgres?.drop();
    },
  };
}

/** Runs work in a transaction that is always rolled back, and returns what it read. */
async function withinRollback<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  let result: T | undefined;
  const rollback = new Error('rolled back on purpose');
  await expect(
    db.transaction(async (tx) => {
      result = await work(tx as Database);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
  return result as T;
}

describe('declarative schema (supabase/schemas) and migrations', () => {
  let fromMigrations: Awaited<ReturnType<typeof bootstrappedDatabase>>;
  let fromSchema: Awaited<ReturnType<typeof bootstrappedDatabase>>;
  let migrated: CatalogSnapshot;
  let declared: CatalogSnapshot;

  beforeAll(async () => {
    [fromMigrations, fromSchema] = await Promise.all([bootstrappedDatabase(), bootstrappedDatabase()]);
    await applyMigrations(fromMigrations.db, [migrationsFolder]);
    await applySchemaFiles(fromSchema.db);
    migrated = await snapshotCatalog(fromMigrations.db);
    declared = await snapshotCatalog(fromSchema.db);
  });

  afterAll(async () => {
    await Promise.all([fromMigrations?.close(), fromSchema?.close()]);
  });

  it('build the same database, object by object', () => {
    expect(diffCatalogs(migrated, declared, sides)).toEqual([]);
  });

  it('compare every kind of object the application creates', () => {
    const kinds = new Set([...migrated.keys()].map((key) => key.split(' ')[0]));
    for (const kind of [
      'function',
      'relation',
      'column',
      'constraint',
      'index',
      'view',
      'policy',
      'trigger',
      'type',
    ])
      expect(kinds, kind).toContain(kind);
    for (const name of [
      'function app_private.operator_has_confirmed_overlap(operator_id uuid, starts_at timestamp with time zone, ends_at timestamp with time zone, except_reservation_id uuid, treatment_id uuid)',
      'relation app.reservations',
      'policy storage.objects "Anyone reads merchant logos"',
      'publication supabase_realtime app.reservations',
      'default privileges all schemas f',
      'schema api',
      'extension btree_gist',
    ])
      expect(migrated.has(name), name).toBe(true);
  });

  it('name the object and the side when one definition drifts', async () => {
    const drifted = await withinRollback(fromSchema.db, async (tx) => {
      await tx.exec(`
        create or replace function app_private.operator_has_confirmed_overlap(
          operator_id uuid, starts_at timestamptz, ends_at timestamptz, except_reservation_id uuid default null,
          treatment_id uuid default null
        ) returns boolean language sql stable set search_path = ''
        as $$ select false $$;
        drop policy "Anyone reads merchant logos" on storage.objects;
        alter table app.reservations disable row level security;
        create index reservations_notes_idx on app.reservations (notes);`);
      return snapshotCatalog(tx);
    });
    const differences = diffCatalogs(migrated, drifted, sides);
    expect(differences.map((line) => line.split('\n')[0])).toEqual([
      'function app_private.operator_has_confirmed_overlap(operator_id uuid, starts_at timestamp with time zone, ends_at timestamp with time zone, except_reservation_id uuid, treatment_id uuid): differs',
      'index app.reservations_notes_idx: only in schema files',
      'policy storage.objects "Anyone reads merchant logos": only in migrations',
      'relation app.reservations: differs',
    ]);
    expect(differences[0]).toContain('schema files: CREATE OR REPLACE FUNCTION');
    expect(differences[0]).toContain('select false');
    expect(differences[3]).toMatch(/migrations: .*rls true.*\n {2}schema files: .*rls false/);
    expect(diffCatalogs(migrated, await snapshotCatalog(fromSchema.db), sides)).toEqual([]);
  });
});
