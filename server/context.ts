import type { ServerConfig } from './config.ts';
import type { Database } from './db/port.ts';
import type { Keys } from './keys.ts';

/** What every route module receives: configuration, the database and the signing keys. */
export interface ServerContext {
  config: ServerConfig;
  db: Database;
  keys: Keys;
}
