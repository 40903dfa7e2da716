import type { ServerConfig } from './config.ts';
import type { Database } from './db/port.ts';
import type { Keys } from './jwt/keys.ts';
import type { Mailer } from './mail/mailer.ts';
import type { VapidKeys } from './push/vapid-keys.ts';

/** What every route module receives: configuration, the database and the signing keys. */
export interface ServerContext {
  config: ServerConfig;
  db: Database;
  /** What /rest/v1 calls run on: `db`, or its own pool through API_DATABASE_URL's login (authenticator). */
  apiDb: Database;
  keys: Keys;
  /** Auth e-mails: over SMTP when SMTP_URL is set, else into the local mailbox (its own port, 127.0.0.1). */
  mailer: Mailer;
  /** Web Push: the public key goes to the SPA (/config.js), the pair signs every notification. */
  vapid: VapidKeys;
}
