import type { Database } from '../db/port.ts';
import type { StorageSettings } from './bucket-config.ts';
import type { FileStore } from './file-store.ts';

/** What the storage routes share: the database, the bytes on disk, the settings and the JWT secret. */
export interface StorageContext {
  db: Database;
  store: FileStore;
  settings: StorageSettings;
  jwtSecret: string;
}
