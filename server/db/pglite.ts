import { mkdirSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { discardTemplate, needsInitdb, readTemplate, templateDir, writeTemplate } from './pglite-template.ts';
import type { Database, Queryable } from './port.ts';

const extensions = { pgcrypto, btree_gist };
const asTar = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: 'application/x-tar' });

/**
 * A fresh cluster: from the saved initdb of this PGlite version when there is one, else by initdb,
 * whose result is then saved for the next fresh database.
 */
async function createFresh(dataDir: string | undefined, templates: string): Promise<PGlite> {
  const template = readTemplate(templates);
  if (template) {
    try {
      return await PGlite.create({ dataDir, extensions, loadDataDir: asTar(template) });
    } catch {
      discardTemplate(templates);
      // What a failed copy left in the new folder would pass for a cluster.
      if (dataDir) {
        rmSync(dataDir, { recursive: true, force: true });
        mkdirSync(dataDir, { recursive: true });
      }
    }
  }
  const pg = await PGlite.create({ dataDir, extensions });
  writeTemplate(templates, new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer()));
  return pg;
}

/**
 * Embedded PostgreSQL. `dataDir` undefined keeps everything in memory (tests). `restoreFrom`, a tar
 * made by `dumpDataDir`, fills an empty `dataDir` first. `templates` is where fresh clusters are
 * copied from (see pglite-template.ts).
 */
export async function openPglite(
  dataDir?: string,
  restoreFrom?: Uint8Array,
  templates = templateDir(),
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = restoreFrom
    ? await PGlite.create({ dataDir, extensions, loadDataDir: asTar(restoreFrom) })
    : needsInitdb(dataDir)
      ? await createFresh(dataDir, templates)
      : await PGlite.create({ dataDir, extensions });

  const queryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async (sql, params) => ({ rows: (await target.query(sql, params as unknown[])).rows as never[] }),
    exec: async (sql) => {
      await target.exec(sql);
    },
  });

  const transaction: Database['transaction'] = (work, options = {}) =>
    pg.transaction(async (tx) => {
      if (options.readOnly) await tx.exec('set transaction read only');
      return work(queryable(tx));
    });

  return {
    kind: 'pglite',
    ...queryable(pg),
    transaction,
    transactionOf: (statements, options = {}) =>
      transaction(async (tx) => {
        const results = [];
        for (const statement of statements) results.push(await tx.query(statement.sql, statement.params));
        options.beforeCommit?.(results);
        return results;
      }, options),
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
