import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the database, the JWT secret, the mailbox and stored files: only the server's own
 * user may read it, as initdb keeps a PostgreSQL data folder. New files are created 0600 and folders
 * 0700 (umask 077), and what an older version left readable is tightened at start. Call it again
 * once the database is open: PGlite lays out a new cluster with modes of its own (0666).
 */
export function protectDataDir(dataDir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads cannot change the umask; the folder and its current files are tightened below.
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
}

function tighten(path: string): void {
  const entry = lstatSync(path);
  if (entry.isSymbolicLink()) return;
  if (entry.isDirectory()) {
    if ((entry.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    for (const name of readdirSync(path)) tighten(join(path, name));
  } else if (entry.isFile() && (entry.mode & 0o777 & ~0o600) !== 0) {
    chmodSync(path, entry.mode & 0o600);
  }
}
