import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, type ReadStream } from 'node:fs';
import { copyFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const versionPattern = /^[0-9a-f-]{36}$/;

/** Per storage folder: backups in progress, the removals they defer, and removals under way. */
interface FolderRemovals {
  holders: number;
  deferred: Set<string>;
  underWay: Set<Promise<void>>;
}
const removalsByFolder = new Map<string, FolderRemovals>();

function removalsOf(root: string): FolderRemovals {
  let removals = removalsByFolder.get(root);
  if (!removals) {
    removals = { holders: 0, deferred: new Set(), underWay: new Set() };
    removalsByFolder.set(root, removals);
  }
  return removals;
}

/** Removes a file now, where a backup starting meanwhile can wait for it. */
async function removeNow(removals: FolderRemovals, path: string): Promise<void> {
  const removal = rm(path, { force: true });
  removals.underWay.add(removal);
  try {
    await removal;
  } finally {
    removals.underWay.delete(removal);
  }
}

/**
 * Keeps every file of the storage folder in place until the returned release is called: removals
 * requested meanwhile happen at release, and those already under way are finished first. A backup
 * holds removals from before its database snapshot until its copy of the files, so every object the
 * snapshot catalogues still has its bytes.
 */
export async function holdRemovals(storageRoot: string): Promise<() => Promise<void>> {
  const removals = removalsOf(resolve(storageRoot));
  removals.holders += 1;
  await Promise.all(removals.underWay);
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    removals.holders -= 1;
    if (removals.holders > 0) return;
    const deferred = [...removals.deferred];
    removals.deferred.clear();
    await Promise.all(deferred.map((path) => removeNow(removals, path)));
  };
}

/**
 * The bytes of stored objects, one file per object version, named by the version's uuid so that no
 * object key ever becomes part of a file path.
 */
export class FileStore {
  readonly root: string;
  private readonly temporary: boolean;

  private constructor(root: string, temporary: boolean) {
    this.root = root;
    this.temporary = temporary;
  }

  /** DATA_DIR/storage, or a fresh temporary folder when there is no data folder (tests). */
  static open(dataDir: string): FileStore {
    if (dataDir === '') return new FileStore(mkdtempSync(join(tmpdir(), 'passaparola-storage-')), true);
    const root = join(dataDir, 'storage');
    mkdirSync(root, { recursive: true });
    return new FileStore(root, false);
  }

  newVersion(): string {
    return randomUUID();
  }

  private pathOf(version: string): string {
    if (!versionPattern.test(version)) throw new Error('Invalid object version');
    return join(this.root, version);
  }

  async write(version: string, bytes: Buffer): Promise<void> {
    await writeFile(this.pathOf(version), bytes, { flag: 'wx', mode: 0o600 });
  }

  /** The stored size, or undefined when the bytes are missing. */
  size(version: string): Promise<number | undefined> {
    return stat(this.pathOf(version)).then(
      (file) => file.size,
      () => undefined,
    );
  }

  read(version: string): ReadStream {
    return createReadStream(this.pathOf(version));
  }

  async copy(fromVersion: string, toVersion: string): Promise<void> {
    await copyFile(this.pathOf(fromVersion), this.pathOf(toVersion));
  }

  async remove(version: string | null | undefined): Promise<void> {
    if (!version) return;
    const path = this.pathOf(version);
    const removals = removalsOf(resolve(this.root));
    if (removals.holders > 0) {
      removals.deferred.add(path);
      return;
    }
    await removeNow(removals, path);
  }

  close(): void {
    if (this.temporary) rmSync(this.root, { recursive: true, force: true });
  }
}
