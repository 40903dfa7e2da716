import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import {
  archiveFormat,
  jwtSecretEntry,
  manifestEntry,
  pgliteEntry,
  postgresEntry,
  readableVersions,
  storagePrefix,
  vapidKeysEntry,
  type ArchiveEntryCheck,
  type BackupManifest,
} from './archive-layout.ts';
import { BackupError } from './pg-tools.ts';
import { readTar, type TarEntry } from './tar.ts';

export const storedFileName = /^[0-9a-f-]{36}$/;

function parseManifest(entry: TarEntry | undefined): BackupManifest {
  let manifest: BackupManifest | undefined;
  try {
    manifest =
      entry?.name === manifestEntry
        ? (JSON.parse(entry.bytes.toString('utf8')) as BackupManifest)
        : undefined;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== archiveFormat) throw new BackupError('Not a Passaparola backup archive');
  if (!readableVersions.includes(manifest.version)) {
    throw new BackupError(`Backup format version ${manifest.version} is not supported by this version`);
  }
  return manifest;
}

/** The manifest, then every other entry of an archive, each read whole; throws on a damaged archive. */
export async function* readArchive(
  path: string,
): AsyncGenerator<{ manifest: BackupManifest; entry?: TarEntry }> {
  const gunzip = createReadStream(path).pipe(createGunzip());
  let manifest: BackupManifest | undefined;
  try {
    for await (const entry of readTar(gunzip)) {
      if (!manifest) {
        manifest = parseManifest(entry);
        yield { manifest };
      } else yield { manifest, entry };
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The archive ${path} is damaged: ${(error as Error).message}`);
  } finally {
    gunzip.destroy();
  }
  if (!manifest) throw new BackupError('Not a Passaparola backup archive');
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What is wrong with the entries found against what the manifest says, or nothing. */
function disagreements(manifest: BackupManifest, found: Map<string, ArchiveEntryCheck>): string[] {
  const names = [...found.keys()];
  const storage = names.filter((name) => name.startsWith(storagePrefix));
  const expectedDatabase = manifest.database === 'postgres' ? postgresEntry : pgliteEntry;
  const problems: string[] = [];
  if (!found.has(expectedDatabase)) problems.push(`no ${manifest.database} database (${expectedDatabase})`);
  if (storage.length !== manifest.storageFiles) {
    problems.push(`${storage.length} stored files where the manifest says ${manifest.storageFiles}`);
  }
  if (found.has(jwtSecretEntry) !== manifest.jwtSecret) {
    problems.push(
      manifest.jwtSecret
        ? 'no JWT secret where the manifest says one'
        : 'a JWT secret the manifest says is absent',
    );
  }
  if (found.has(vapidKeysEntry) !== (manifest.vapidKeys ?? false)) {
    problems.push(
      manifest.vapidKeys
        ? 'no VAPID keys where the manifest says some'
        : 'VAPID keys the manifest says are absent',
    );
  }
  const known = (name: string) =>
    name === expectedDatabase ||
    name === jwtSecretEntry ||
    name === vapidKeysEntry ||
    (name.startsWith(storagePrefix) && storedFileName.test(name.slice(storagePrefix.length)));
  for (const name of names.filter((name) => !known(name))) problems.push(`unexpected entry ${name}`);
  if (manifest.entries === undefined) {
    if (manifest.version > 1) problems.push('no list of entries');
    return problems;
  }
  const listed = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  for (const [name, entry] of found) {
    const expected = listed.get(name);
    if (!expected) problems.push(`${name} is not in the manifest`);
    else if (expected.size !== entry.size) {
      problems.push(`${name} has ${entry.size} bytes where the manifest says ${expected.size}`);
    } else if (expected.sha256 !== entry.sha256) problems.push(`${name} does not match its checksum`);
  }
  for (const name of listed.keys()) if (!found.has(name)) problems.push(`${name} is missing`);
  return problems;
}

/**
 * Reads a whole archive and checks every entry against its manifest (names, counts, sizes, checksums)
 * without writing anything; throws naming what disagrees.
 */
export async function verifyArchive(path: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const found = new Map<string, ArchiveEntryCheck>();
  const repeated: string[] = [];
  for await (const item of readArchive(path)) {
    manifest = item.manifest;
    if (!item.entry) continue;
    const { name, bytes } = item.entry;
    if (found.has(name)) repeated.push(`${name} appears twice`);
    found.set(name, { name, size: bytes.length, sha256: sha256(bytes) });
  }
  if (!manifest) throw new BackupError('Not a Passaparola backup archive');
  const problems = [...repeated, ...disagreements(manifest, found)];
  if (problems.length > 0) {
    throw new BackupError(
      `The archive ${path} does not match its manifest; nothing was restored:\n  ${problems.join('\n  ')}`,
    );
  }
  return manifest;
}
