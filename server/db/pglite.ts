import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { Database, Queryable } from './port.ts';

/** Embedded PostgreSQL. `dataDir` undefined keeps everything in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({ dataDir, extensions: { pgcrypto, btree_gist } });

  const queryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async (sql, params) => ({ rows: (await target.query(sql, params as unknown[])).rows as never[] }),
    exec: async (sql) => {
      await target.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    ...queryable(pg),
    transaction: (work) => pg.transaction((tx) => work(queryable(tx))),
    listen: async (channel, onNotify) => {
      const unlisten = await pg.listen(channel, onNotify);
      return async () => unlisten();
    },
    close: () => pg.close(),
  };
}
