/** What a backup archive holds, under these names. */
export const manifestEntry = 'manifest.json';
export const pgliteEntry = 'database/pglite.tar';
export const postgresEntry = 'database/postgres.dump';
export const jwtSecretEntry = 'jwt-secret';
export const storagePrefix = 'storage/';

export const archiveFormat = 'passaparola-backup';
export const archiveVersion = 1;

export interface BackupManifest {
  format: typeof archiveFormat;
  version: typeof archiveVersion;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Stored object files in the archive (every object the database catalogues, perhaps a few newer). */
  storageFiles: number;
  /** Whether DATA_DIR/jwt-secret was there; without it the server's JWT_SECRET must be kept aside. */
  jwtSecret: boolean;
}

/** `passaparola-2026-11-23T21-00-00Z.tar.gz`: sortable, and safe in every file system. */
export function archiveName(at: Date): string {
  return `passaparola-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}
