import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestEntry, storagePrefix, type BackupManifest } from '../../../server/backup/archive-layout.ts';
import { readArchive } from '../../../server/backup/read-archive.ts';
import { restoreBackup } from '../../../server/backup/restore-backup.ts';
import { runBackup } from '../../../server/backup/run-backup.ts';
import { TarWriter } from '../../../server/backup/tar.ts';
import {
  createThrowawayPostgres,
  testDatabaseKind,
  type ThrowawayDatabase,
} from '../../support/test-database.ts';
import { startTestServer } from '../../support/test-server.ts';

/** An archive entry as a test rewrites it. */
interface Entry {
  name: string;
  bytes: Buffer;
}

const folders: string[] = [];
const databases: ThrowawayDatabase[] = [];
const temporaryFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'passaparola-restore-check-'));
  folders.push(folder);
  return folder;
};
const freshDatabase = async () => {
  if (testDatabaseKind !== 'postgres') return undefined;
  const database = await createThrowawayPostgres();
  databases.push(database);
  return database.url;
};

let archive: string;
let sourceDir: string;
let manifest: BackupManifest;
let entries: Entry[];

beforeAll(async () => {
  const dataDir = temporaryFolder();
  sourceDir = dataDir;
  const databaseUrl = await freshDatabase();
  const server = await startTestServer({
    persistData: true,
    config: { dataDir, jwtSecret: undefined, ...(databaseUrl ? { databaseUrl } : {}) },
  });
  await server.stop();
  // Two stored files beside the database and the JWT secret the server generated.
  mkdirSync(join(dataDir, 'storage'), { recursive: true });
  for (const text of ['prima foto', 'seconda foto'])
    writeFileSync(join(dataDir, 'storage', randomUUID()), text);
  const backup = await runBackup({ dataDir, databaseUrl, output: join(temporaryFolder(), 'copia.tar.gz') });
  archive = backup.path;
  manifest = backup.manifest;
  entries = [];
  for await (const item of readArchive(archive)) {
    if (item.entry) entries.push({ name: item.entry.name, bytes: item.entry.bytes });
  }
}, 180_000);

afterAll(async () => {
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  await Promise.all(databases.map((database) => database.drop()));
});

/** Writes an archive with this manifest and these entries, as a tampered copy would be. */
async function writeArchive(lyingManifest: BackupManifest, lyingEntries: Entry[]): Promise<string> {
  const path = join(temporaryFolder(), 'alterata.tar.gz');
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(path));
  const tar = new TarWriter(gzip);
  await tar.addBytes(manifestEntry, Buffer.from(JSON.stringify(lyingManifest)));
  for (const entry of lyingEntries) await tar.addBytes(entry.name, entry.bytes);
  await tar.finish();
  await written;
  return path;
}

const storageEntries = () => entries.filter((entry) => entry.name.startsWith(storagePrefix));

/** Restores into an empty folder (and database): the refusal's message, and what was left there. */
async function refusal(path: string) {
  const dataDir = join(temporaryFolder(), 'restore');
  const databaseUrl = await freshDatabase();
  const error = await restoreBackup({ archive: path, dataDir, databaseUrl }).then(
    () => undefined,
    (refused: Error) => refused,
  );
  return { message: error?.message ?? '', written: existsSync(dataDir) ? readdirSync(dataDir) : [] };
}

describe('a restore checks the archive against its manifest before writing anything', () => {
  it('lists every entry with its size and checksum, and restores an untouched archive', async () => {
    expect(manifest.version).toBe(2);
    expect(manifest.entries?.map((entry) => entry.name).sort()).toEqual(
      entries.map((entry) => entry.name).sort(),
    );
    expect(storageEntries()).toHaveLength(2);
    const dataDir = join(temporaryFolder(), 'restore');
    const restored = await restoreBackup({ archive, dataDir, databaseUrl: await freshDatabase() });
    expect(restored.manifest.storageFiles).toBe(2);
    expect(readdirSync(join(dataDir, 'storage'))).toHaveLength(2);
    // The Web Push keys come back as they were, so the push subscriptions stay valid.
    expect(manifest.vapidKeys).toBe(true);
    expect(readFileSync(join(dataDir, 'vapid-keys.json'))).toEqual(
      readFileSync(join(sourceDir, 'vapid-keys.json')),
    );
    expect(statSync(join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
  }, 120_000);

  it('refuses a manifest that lies about the number of stored files', async () => {
    const path = await writeArchive({ ...manifest, storageFiles: 3 }, entries);
    const { message, written } = await refusal(path);
    expect(message).toContain('2 stored files where the manifest says 3');
    expect(message).toContain('nothing was restored');
    expect(written).toEqual([]);
  });

  it('refuses a JWT secret the manifest says is absent, and writes no secret', async () => {
    const path = await writeArchive({ ...manifest, jwtSecret: false }, entries);
    const { message, written } = await refusal(path);
    expect(message).toContain('a JWT secret the manifest says is absent');
    expect(written).toEqual([]);
  });

  it('refuses VAPID keys the manifest says are absent, and missing ones it announces', async () => {
    const absent = await refusal(await writeArchive({ ...manifest, vapidKeys: false }, entries));
    expect(absent.message).toContain('VAPID keys the manifest says are absent');
    expect(absent.written).toEqual([]);
    const withoutKeys = entries.filter((entry) => entry.name !== 'vapid-keys.json');
    const missing = await refusal(await writeArchive(manifest, withoutKeys));
    expect(missing.message).toContain('no VAPID keys where the manifest says some');
    expect(missing.written).toEqual([]);
  });

  it('refuses a stored file whose bytes changed but kept their size', async () => {
    const target = storageEntries()[0]!;
    const bytes = Buffer.from(target.bytes);
    bytes[0] = bytes[0]! ^ 1;
    const changed = entries.map((entry) => (entry === target ? { ...entry, bytes } : entry));
    const { message, written } = await refusal(await writeArchive(manifest, changed));
    expect(message).toContain(`${storageEntries()[0]!.name} does not match its checksum`);
    expect(written).toEqual([]);
  });

  it('refuses a stored file the manifest does not list, even when the count was raised to match', async () => {
    const extra = { name: `${storagePrefix}${randomUUID()}`, bytes: Buffer.from('intrusa') };
    const path = await writeArchive({ ...manifest, storageFiles: 3 }, [...entries, extra]);
    const { message, written } = await refusal(path);
    expect(message).toContain(`${extra.name} is not in the manifest`);
    expect(written).toEqual([]);
  });

  it('refuses an entry that is missing, and any entry of an unknown kind', async () => {
    const kept = entries.filter((entry) => entry !== storageEntries()[1]);
    const path = await writeArchive({ ...manifest, storageFiles: 1 }, [
      ...kept,
      { name: 'database/altro.sql', bytes: Buffer.from('select 1') },
    ]);
    const { message } = await refusal(path);
    expect(message).toContain(`${storageEntries()[1]!.name} is missing`);
    expect(message).toContain('unexpected entry database/altro.sql');
  });

  it('makes `npm run restore` say why and exit non-zero', async () => {
    const lying = await writeArchive({ ...manifest, storageFiles: 5 }, entries);
    const dataDir = join(temporaryFolder(), 'restore');
    const run = spawnSync('npx', ['tsx', 'scripts/restore.ts', lying], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('does not match its manifest');
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  }, 60_000);
});
