import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * initdb in WebAssembly is most of a fresh PGlite's start (seconds). Its result depends only on the
 * PGlite version, so the first fresh database of a version is saved as a tar and every later fresh one
 * (a new DATA_DIR, every in-memory test database) starts from a copy of it.
 */
const pgliteVersion = (
  JSON.parse(
    readFileSync(
      join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

/** PGLITE_TEMPLATE_DIR, else the user's cache folder: only the server's own user may write there. */
export function templateDir(environment: NodeJS.ProcessEnv = process.env): string {
  return environment.PGLITE_TEMPLATE_DIR || join(homedir(), '.cache', 'passaparola');
}

export const templateFile = (folder: string) => join(folder, `pglite-${pgliteVersion}-initdb.tar`);

/** Whether PGlite would run initdb: no folder (in memory) or a folder without a cluster. */
export const needsInitdb = (dataDir: string | undefined) =>
  !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));

/** The saved initdb of this PGlite version, if there is one that the current user wrote. */
export function readTemplate(folder: string): Uint8Array | undefined {
  const file = templateFile(folder);
  try {
    const stat = statSync(file);
    if (process.getuid && stat.uid !== process.getuid()) return undefined;
    if ((stat.mode & 0o022) !== 0) return undefined;
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Saves a fresh cluster's tar, atomically so that a concurrent reader never sees half of it. */
export function writeTemplate(folder: string, tar: Uint8Array): void {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const partial = `${templateFile(folder)}.${process.pid}.partial`;
    writeFileSync(partial, tar, { mode: 0o600 });
    renameSync(partial, templateFile(folder));
  } catch {
    // A read-only home or a full disk: the next fresh database runs initdb again.
  }
}

export function discardTemplate(folder: string): void {
  rmSync(templateFile(folder), { force: true });
}
