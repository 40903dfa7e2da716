import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import {
  archiveFormat,
  archiveVersion,
  manifestEntry,
  pgliteEntry,
  postgresEntry,
  storagePrefix,
  type BackupManifest,
} from './archive-layout.ts';
import { BackupError } from './pg-tools.ts';
import { readTar, type TarEntry } from './tar.ts';

function parseManifest(entry: TarEntry | undefined): BackupManifest {
  const manifest =
    entry?.name === manifestEntry ? (JSON.parse(entry.bytes.toString('utf8')) as BackupManifest) : undefined;
  if (manifest?.format !== archiveFormat) throw new BackupError('Not a Passaparola backup archive');
  if (manifest.version !== archiveVersion) {
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

/** Reads a whole archive: its manifest, once its database and every stored file are found intact. */
export async function verifyArchive(path: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  let database = false;
  let storageFiles = 0;
  for await (const item of readArchive(path)) {
    manifest = item.manifest;
    const name = item.entry?.name ?? '';
    if (name === pgliteEntry || name === postgresEntry) database = true;
    if (name.startsWith(storagePrefix)) storageFiles += 1;
  }
  if (!manifest || !database || storageFiles !== manifest.storageFiles) {
    throw new BackupError(`The archive ${path} is incomplete`);
  }
  return manifest;
}
