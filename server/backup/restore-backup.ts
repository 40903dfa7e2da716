import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePlatformRoles } from '../db/bootstrap.ts';
import { openPglite } from '../db/pglite.ts';
import type { Database } from '../db/port.ts';
import { openPostgres } from '../db/postgres.ts';
import { adminSocketPath, socketIsLive } from './admin-socket.ts';
import {
  jwtSecretEntry,
  pgliteEntry,
  postgresEntry,
  storagePrefix,
  vapidKeysEntry,
  type BackupManifest,
} from './archive-layout.ts';
import { BackupError, checkClientTools, restorePostgres } from './pg-tools.ts';
import { readArchive, storedFileName, verifyArchive } from './read-archive.ts';
import { checkRestored, type RestoreCheck } from './check-restored.ts';

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  /** Restore into this PostgreSQL database instead of DATA_DIR/pglite. */
  databaseUrl?: string;
  /** Replace what DATA_DIR (and the database) already hold. */
  force?: boolean;
}

export interface RestoreResult extends RestoreCheck {
  manifest: BackupManifest;
}

const restoredEntries = ['pglite', 'storage', 'jwt-secret', vapidKeysEntry];
const applicationSchemas = ['app', 'api', 'auth', 'storage', 'supabase_migrations'];

async function refuseUnlessEmpty(options: RestoreOptions): Promise<void> {
  if (await socketIsLive(adminSocketPath(options.dataDir))) {
    throw new BackupError(`A server is running on ${options.dataDir}: stop it before restoring`);
  }
  const present = existsSync(options.dataDir) ? await readdir(options.dataDir) : [];
  if (present.length > 0 && !options.force) {
    throw new BackupError(`${options.dataDir} is not empty: restore into an empty folder, or add --force`);
  }
  if (options.databaseUrl && !options.force) {
    const db = await openPostgres(options.databaseUrl);
    try {
      const { rows } = await db.query<{ name: string }>(
        'select nspname as name from pg_namespace where nspname = any($1::text[])',
        [applicationSchemas],
      );
      if (rows.length > 0) {
        throw new BackupError('The database is not empty: restore into an empty database, or add --force');
      }
    } finally {
      await db.close();
    }
  }
  if (options.force) {
    await Promise.all(
      restoredEntries.map((name) => rm(join(options.dataDir, name), { recursive: true, force: true })),
    );
  }
}

/**
 * Brings a backup back into an empty DATA_DIR (PGlite) or an empty database (PostgreSQL), once the
 * whole archive matches its manifest (nothing is written before): the database, the stored files, the JWT secret and the VAPID keys, then checks that every catalogued object has its
 * bytes and every balance equals its ledger.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const verified = await verifyArchive(options.archive);
  await refuseUnlessEmpty(options);
  if (verified.database === 'postgres' && !options.databaseUrl) {
    throw new BackupError('This backup is of a PostgreSQL database: set DATABASE_URL to restore it');
  }
  if (verified.database === 'pglite' && options.databaseUrl) {
    throw new BackupError('This backup is of the embedded database: unset DATABASE_URL to restore it');
  }
  let manifest: BackupManifest | undefined;
  let pgliteTar: Uint8Array | undefined;
  const scratch = await mkdtemp(join(tmpdir(), 'passaparola-restore-'));
  const dumpFile = join(scratch, 'postgres.dump');
  try {
    for await (const item of readArchive(options.archive)) {
      if (!manifest) {
        manifest = item.manifest;
        if (options.databaseUrl) await checkClientTools(options.databaseUrl);
        await mkdir(join(options.dataDir, 'storage'), { recursive: true, mode: 0o700 });
      }
      const entry = item.entry;
      if (!entry) continue;
      if (entry.name === pgliteEntry) pgliteTar = entry.bytes;
      else if (entry.name === postgresEntry) await writeFile(dumpFile, entry.bytes, { mode: 0o600 });
      else if (entry.name === jwtSecretEntry) {
        await writeFile(join(options.dataDir, 'jwt-secret'), entry.bytes, { mode: 0o600 });
      } else if (entry.name === vapidKeysEntry) {
        await writeFile(join(options.dataDir, vapidKeysEntry), entry.bytes, { mode: 0o600 });
      } else if (entry.name.startsWith(storagePrefix)) {
        const name = entry.name.slice(storagePrefix.length);
        if (!storedFileName.test(name)) throw new BackupError(`Unexpected archive entry ${entry.name}`);
        await writeFile(join(options.dataDir, 'storage', name), entry.bytes, { mode: 0o600 });
      }
    }
    if (!manifest) throw new BackupError('Not a Passaparola backup archive');

    let db: Database;
    if (options.databaseUrl) {
      if (!existsSync(dumpFile)) throw new BackupError('The archive holds no database');
      db = await openPostgres(options.databaseUrl);
      try {
        await ensurePlatformRoles(db);
        await restorePostgres(options.databaseUrl, dumpFile, options.force ?? false);
      } catch (error) {
        await db.close();
        throw error;
      }
    } else {
      if (!pgliteTar) throw new BackupError('The archive holds no database');
      db = await openPglite(join(options.dataDir, 'pglite'), pgliteTar);
    }
    try {
      return { manifest, ...(await checkRestored(db, options.dataDir)) };
    } finally {
      await db.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
