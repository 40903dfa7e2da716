/** The one database port: nothing above it knows whether PGlite or PostgreSQL runs underneath. */
export interface QueryResult<Row> {
  rows: Row[];
}

export interface QueryOptions {
  /**
   * Keep the statement prepared on the connection (PostgreSQL; PGlite ignores it): for the few texts
   * run on every request, whose result columns never change.
   */
  prepared?: boolean;
}

export interface TransactionOptions {
  /**
   * The work only reads (the transaction is read only): its result may be returned while the
   * COMMIT still travels, as it cannot fail or change anything.
   */
  readOnly?: boolean;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

export type Unlisten = () => Promise<void>;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` inside BEGIN ... COMMIT, rolling back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<Unlisten>;
  close(): Promise<void>;
  /**
   * PGlite only: a tar of its whole data folder, taken while no query or transaction runs, so it
   * holds exactly the committed transactions (a backup's database snapshot).
   */
  dumpDataDir?(): Promise<Uint8Array>;
}

/** The fields PostgreSQL reports with an error, as pg and PGlite both expose them. */
export interface PostgresError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPostgresError(error: unknown): error is PostgresError {
  return error instanceof Error && typeof (error as PostgresError).code === 'string';
}
