import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, type ReadStream } from 'node:fs';
import { copyFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const versionPattern = /^[0-9a-f-]{36}$/;

/**
 * The bytes of stored objects, one file per object version, named by the version's uuid so that no
 * object key ever becomes part of a file path.
 */
export class FileStore {
  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

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
    if (version) await rm(this.pathOf(version), { force: true });
  }

  close(): void {
    if (this.temporary) rmSync(this.root, { recursive: true, force: true });
  }
}
