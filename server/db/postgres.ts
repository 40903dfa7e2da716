import pg from 'pg';
import type { Database, Queryable, QueryResult, Statement, StatementsOptions } from './port.ts';

/** Statement texts kept prepared on every connection, by name; beyond this many, texts run unnamed. */
const maxPreparedTexts = 1000;

/** A pooled connection to a real PostgreSQL server. */
export async function openPostgres(connectionString: string): Promise<Database> {
  // Pipelined connections: queries written one after the other go out without waiting for each answer
  // (transactionOf); a caller that awaits each query sees no difference.
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    pipeline: true,
  });
  const preparedNames = new Map<string, string>();
  const preparedName = (sql: string) => {
    let name = preparedNames.get(sql);
    if (!name && preparedNames.size < maxPreparedTexts) {
      name = `passaparola_${preparedNames.size + 1}`;
      preparedNames.set(sql, name);
    }
    return name;
  };
  const send = (client: pg.PoolClient, statement: Statement) => {
    const name = statement.prepared ? preparedName(statement.sql) : undefined;
    return name
      ? client.query({ name, text: statement.sql, values: statement.params })
      : client.query(statement.sql, statement.params);
  };
  const queryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    query: async (sql, params, options) => {
      const name = options?.prepared ? preparedName(sql) : undefined;
      const result = name
        ? await target.query({ name, text: sql, values: params })
        : await target.query(sql, params);
      return { rows: result.rows };
    },
    exec: async (sql) => {
      await target.query(sql);
    },
  });
  // An idle connection that the server drops (restart, failover, a dropped test database) must not
  // crash the process: the pool replaces it on the next checkout.
  let closing = false;
  const reportConnectionError = (error: Error) => {
    if (!closing) console.error(`PostgreSQL connection error: ${error.message}`);
  };
  pool.on('error', reportConnectionError);
  await pool.query('select 1');

  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    listener = new pg.Client({ connectionString });
    listener.on('error', reportConnectionError);
    await listener.connect();
    listener.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    return listener;
  }

  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work, options = {}) {
      const client = await pool.connect();
      let releasedLater = false;
      try {
        await client.query(options.readOnly ? 'begin read only' : 'begin');
        const result = await work(queryable(client));
        if (options.readOnly) {
          // Nothing a read-only transaction did can fail at COMMIT: answer now, release once it ends.
          releasedLater = true;
          client.query('commit').then(
            () => client.release(),
            (error: Error) => client.release(error),
          );
          return result;
        }
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        if (!releasedLater) client.release();
      }
    },
    async transactionOf(statements, options = {}) {
      const client = await pool.connect();
      try {
        const { results, ended } = await pipelinedTransaction(client, statements, options, send);
        ended.then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
        return results;
      } catch (error) {
        // A connection whose state is not known (a network error, a transaction left open) is closed.
        const answered = error instanceof pg.DatabaseError || error instanceof RefusedBeforeCommit;
        const reusable = answered && client.getTransactionStatus() === 'I';
        client.release(reusable ? undefined : (error as Error));
        throw error instanceof RefusedBeforeCommit ? error.reason : error;
      }
    },
    async listen(channel, onNotify) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
        if (set.size === 0) {
          handlers.delete(channel);
          await client.query(`unlisten ${pg.escapeIdentifier(channel)}`);
        }
      };
    },
    async close() {
      closing = true;
      await listener?.end();
      await pool.end();
    },
  };
}

/** What `beforeCommit` threw, told apart from the connection's failures. */
class RefusedBeforeCommit extends Error {
  readonly reason: unknown;

  constructor(reason: unknown) {
    super('refused before commit');
    this.reason = reason;
  }
}

type Send = (client: pg.PoolClient, statement: Statement) => Promise<pg.QueryResult>;

/**
 * BEGIN, the statements and (unless a write waits for `beforeCommit`) COMMIT in one write on a
 * pipelined connection. Each statement has its own Sync, so after an error the rest run in an aborted
 * transaction: they fail with 25P02 and COMMIT answers ROLLBACK. The first error is the one thrown.
 * A read-only transaction is answered once its statements are, while its COMMIT (which cannot fail or
 * change anything) still travels: `ended` tells when the connection is free again.
 */
async function pipelinedTransaction(
  client: pg.PoolClient,
  statements: Statement[],
  options: StatementsOptions,
  send: Send,
): Promise<{ results: QueryResult<Record<string, unknown>>[]; ended: Promise<unknown> }> {
  const commitLater = options.beforeCommit !== undefined && !options.readOnly;
  const stream = client.connection.stream;
  stream.cork();
  let replies: Promise<pg.QueryResult>[];
  let commit: Promise<pg.QueryResult> | undefined;
  try {
    replies = [
      client.query(options.readOnly ? 'begin read only' : 'begin'),
      ...statements.map((statement) => send(client, statement)),
    ];
    if (!commitLater) commit = client.query('commit');
  } finally {
    stream.uncork();
  }
  const settled = await Promise.allSettled(options.readOnly || !commit ? replies : [...replies, commit]);
  const failure = settled.find((reply) => reply.status === 'rejected');
  if (failure) {
    if (commit) await commit.catch(() => undefined);
    else await client.query('rollback').catch(() => undefined);
    throw failure.reason;
  }
  const results = settled
    .slice(1, statements.length + 1)
    .map((reply) => ({ rows: (reply as PromiseFulfilledResult<pg.QueryResult>).value.rows }));
  try {
    options.beforeCommit?.(results);
  } catch (error) {
    if (commit) await commit.catch(() => undefined);
    else await client.query('rollback').catch(() => undefined);
    throw new RefusedBeforeCommit(error);
  }
  if (commitLater) await client.query('commit');
  return { results, ended: commit ?? Promise.resolve() };
}
