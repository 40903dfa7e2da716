/** What a backup archive holds, under these names. */
export const manifestEntry = 'manifest.json';
export const pgliteEntry = 'database/pglite.tar';
export const postgresEntry = 'database/postgres.dump';
export const jwtSecretEntry = 'jwt-secret';
/** DATA_DIR/vapid-keys.json, the server's Web Push identity: the push subscriptions are bound to it. */
export const vapidKeysEntry = 'vapid-keys.json';
export const storagePrefix = 'storage/';

export const archiveFormat = 'passaparola-backup';
/** Version 2 lists every entry with its size and SHA-256; version 1 archives only count them. */
export const archiveVersion = 2;
export const readableVersions: readonly number[] = [1, archiveVersion];

/** One entry of the archive besides the manifest, as the backup wrote it. */
export interface ArchiveEntryCheck {
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof archiveFormat;
  version: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Stored object files in the archive (every object the database catalogues, perhaps a few newer). */
  storageFiles: number;
  /** Whether DATA_DIR/jwt-secret was there; without it the server's JWT_SECRET must be kept aside. */
  jwtSecret: boolean;
  /** Whether DATA_DIR/vapid-keys.json was there (absent in archives written before it was kept). */
  vapidKeys?: boolean;
  /** Every other entry with its size and checksum (version 2 on). */
  entries?: ArchiveEntryCheck[];
}

/** `passaparola-2026-11-23T21-00-00Z.tar.gz`: sortable, and safe in every file system. */
export function archiveName(at: Date): string {
  return `passaparola-${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}
