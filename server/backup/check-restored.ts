import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/port.ts';

export interface RestoreCheck {
  users: number;
  purchases: number;
  objects: number;
  /** Catalogued objects whose bytes are not in DATA_DIR/storage (should be none). */
  missingObjects: string[];
  /** Clients whose available credit differs from the sum of their ledger (should be none). */
  unbalancedClients: number;
}

/** What an operator checks after a restore, in numbers. */
export async function checkRestored(db: Database, dataDir: string): Promise<RestoreCheck> {
  const counts = await db.query<{ users: number; purchases: number }>(
    `select (select count(*) from auth.users)::int as users, (select count(*) from app.movements)::int as purchases`,
  );
  const objects = await db.query<{ bucket_id: string; name: string; version: string }>(
    'select bucket_id, name, version from storage.objects where version is not null',
  );
  const unbalanced = await db.query<{ n: number }>(
    `select count(*)::int as n from app.clients c
      where c.available_credit <> coalesce((select sum(l.amount) from app.credit_ledger l where l.client_id = c.id), 0)`,
  );
  return {
    users: counts.rows[0]!.users,
    purchases: counts.rows[0]!.purchases,
    objects: objects.rows.length,
    missingObjects: objects.rows
      .filter((row) => !existsSync(join(dataDir, 'storage', row.version)))
      .map((row) => `${row.bucket_id}/${row.name}`),
    unbalancedClients: unbalanced.rows[0]!.n,
  };
}
