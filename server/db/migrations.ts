import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './port.ts';
import { isPostgresError } from './port.ts';

const migrationFileName = /^(\d{14})_(.+)\.sql$/;

export interface Migration {
  version: string;
  name: string;
  file: string;
}

export class MigrationError extends Error {
  readonly file: string;
  override readonly cause: unknown;

  constructor(file: string, cause: unknown) {
    const reason = isPostgresError(cause) ? `${cause.message} (SQLSTATE ${cause.code})` : String(cause);
    super(`Migration ${file} failed: ${reason}`);
    this.file = file;
    this.cause = cause;
  }
}

/** The migrations of each folder, in version order, named as the Supabase CLI names them. */
export function listMigrations(folders: string[]): Migration[] {
  return folders
    .flatMap((folder) =>
      readdirSync(folder)
        .map((file) => ({ file, match: migrationFileName.exec(file) }))
        .filter((entry) => entry.match !== null)
        .map(({ file, match }) => ({ version: match![1]!, name: match![2]!, file: join(folder, file) })),
    )
    .sort((a, b) => a.version.localeCompare(b.version));
}

/**
 * Applies every migration not yet recorded, each in its own transaction together with its record in
 * supabase_migrations.schema_migrations, so a failing one leaves the database as it was.
 */
export async function applyMigrations(db: Database, folders: string[]): Promise<Migration[]> {
  const applied = new Set(
    (
      await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
    ).rows.map((row) => row.version),
  );
  const pending = listMigrations(folders).filter((migration) => !applied.has(migration.version));
  for (const migration of pending) {
    const sql = readFileSync(migration.file, 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [sql]],
        );
      });
    } catch (error) {
      throw new MigrationError(migration.file, error);
    }
  }
  // Other server processes on the same database drop their cached function signatures, as PostgREST does.
  if (pending.length > 0) await db.query("notify pgrst, 'reload schema'");
  return pending;
}
