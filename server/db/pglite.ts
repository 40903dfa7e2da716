import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { Database, Queryable } from './port.ts';

/**
 * Embedded PostgreSQL. `dataDir` undefined keeps everything in memory (tests). `restoreFrom`, a tar
 * made by `dumpDataDir`, fills an empty `dataDir` first.
 */
export async function openPglite(dataDir?: string, restoreFrom?: Uint8Array): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({
    dataDir,
    extensions: { pgcrypto, btree_gist },
    loadDataDir: restoreFrom
      ? new Blob([new Uint8Array(restoreFrom)], { type: 'application/x-tar' })
      : undefined,
  });

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
    // dumpDataDir alone only waits for the running query; the transaction lock also waits for an
    // open transaction to end and keeps new ones out until the tar is read.
    dumpDataDir: () =>
      pg._runExclusiveTransaction(
        async () => new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer()),
      ),
  };
}
