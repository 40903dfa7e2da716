import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/port.ts';
import { holdRemovals } from '../storage/file-store.ts';
import {
  archiveFormat,
  archiveVersion,
  jwtSecretEntry,
  manifestEntry,
  pgliteEntry,
  postgresEntry,
  storagePrefix,
  vapidKeysEntry,
  type ArchiveEntryCheck,
  type BackupManifest,
} from './archive-layout.ts';
import { BackupError, checkClientTools, dumpPostgres } from './pg-tools.ts';
import { sha256, storedFileName } from './read-archive.ts';
import { TarWriter } from './tar.ts';

export interface BackupSource {
  dataDir: string;
  /** PostgreSQL: dumped with pg_dump. */
  databaseUrl?: string;
  /** PGlite: the open instance (the running server's, or one opened for the backup). */
  db?: Database;
}

/** A database snapshot taken, with the storage files it catalogues kept in place until disposed. */
export interface Snapshot {
  manifest: BackupManifest;
  /** Writes the gzipped archive: manifest, database, JWT secret, VAPID keys, then the stored files. */
  writeTo(output: Writable): Promise<void>;
  dispose(): Promise<void>;
}

async function fileCheck(name: string, path: string): Promise<ArchiveEntryCheck> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { name, size, sha256: hash.digest('hex') };
}

const bytesCheck = (name: string, bytes: Uint8Array): ArchiveEntryCheck => ({
  name,
  size: bytes.length,
  sha256: sha256(bytes),
});

async function readIfPresent(path: string): Promise<Buffer | undefined> {
  return readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

/**
 * Takes the database snapshot, then lists the storage folder. Objects are written file first, row
 * second, and removals are held from before the snapshot, so every object in the snapshot has its
 * file in the list and on disk until `dispose`.
 */
export async function takeSnapshot(source: BackupSource): Promise<Snapshot> {
  const storageRoot = join(source.dataDir, 'storage');
  const release = await holdRemovals(storageRoot);
  let scratch: string | undefined;
  try {
    let database: { entry: string; bytes?: Uint8Array; file?: string };
    if (source.databaseUrl) {
      await checkClientTools(source.databaseUrl);
      scratch = await mkdtemp(join(tmpdir(), 'passaparola-backup-'));
      const file = join(scratch, 'postgres.dump');
      await dumpPostgres(source.databaseUrl, file);
      database = { entry: postgresEntry, file };
    } else {
      if (!source.db?.dumpDataDir) throw new BackupError('No database to back up');
      database = { entry: pgliteEntry, bytes: await source.db.dumpDataDir() };
    }
    const storedFiles = (await readdir(storageRoot).catch(() => [] as string[])).filter((name) =>
      storedFileName.test(name),
    );
    const jwtSecret = await readIfPresent(join(source.dataDir, 'jwt-secret'));
    const vapidKeys = await readIfPresent(join(source.dataDir, vapidKeysEntry));
    const entries = [
      database.bytes
        ? bytesCheck(database.entry, database.bytes)
        : await fileCheck(database.entry, database.file!),
      ...(jwtSecret ? [bytesCheck(jwtSecretEntry, jwtSecret)] : []),
      ...(vapidKeys ? [bytesCheck(vapidKeysEntry, vapidKeys)] : []),
      ...(await Promise.all(
        storedFiles.map((name) => fileCheck(`${storagePrefix}${name}`, join(storageRoot, name))),
      )),
    ];
    const manifest: BackupManifest = {
      format: archiveFormat,
      version: archiveVersion,
      createdAt: new Date().toISOString(),
      database: source.databaseUrl ? 'postgres' : 'pglite',
      storageFiles: storedFiles.length,
      jwtSecret: jwtSecret !== undefined,
      vapidKeys: vapidKeys !== undefined,
      entries,
    };
    const dispose = async () => {
      await release();
      if (scratch) await rm(scratch, { recursive: true, force: true });
    };
    return {
      manifest,
      dispose,
      async writeTo(output) {
        const gzip = createGzip();
        const written = pipeline(gzip, output);
        const tar = new TarWriter(gzip);
        try {
          await tar.addBytes(manifestEntry, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
          if (database.bytes) await tar.addBytes(database.entry, database.bytes);
          else await tar.addFile(database.entry, database.file!);
          if (jwtSecret) await tar.addBytes(jwtSecretEntry, jwtSecret);
          if (vapidKeys) await tar.addBytes(vapidKeysEntry, vapidKeys);
          for (const name of storedFiles) {
            await tar.addFile(`${storagePrefix}${name}`, join(storageRoot, name));
          }
          await tar.finish();
        } catch (error) {
          gzip.destroy(error as Error);
          await written.catch(() => undefined);
          throw error;
        }
        await written;
      },
    };
  } catch (error) {
    await release();
    if (scratch) await rm(scratch, { recursive: true, force: true });
    throw error;
  }
}
