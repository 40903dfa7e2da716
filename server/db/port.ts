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

/** One statement of a transaction known in full before it starts. */
export interface Statement {
  sql: string;
  params?: unknown[];
  /** As QueryOptions.prepared. */
  prepared?: boolean;
}

export interface StatementsOptions extends TransactionOptions {
  /**
   * Sees the results before COMMIT; throwing rolls the transaction back. A write given this check
   * waits for the results before it sends COMMIT (a second round trip on PostgreSQL).
   */
  beforeCommit?: (results: QueryResult<Record<string, unknown>>[]) => void;
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
  /**
   * Runs the statements in order in one transaction and returns their results. The first error rolls
   * everything back and is the one thrown (not what the statements after it then report). On
   * PostgreSQL BEGIN, the statements and COMMIT go out in one write and come back in one round trip.
   */
  transactionOf(
    statements: Statement[],
    options?: StatementsOptions,
  ): Promise<QueryResult<Record<string, unknown>>[]>;
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
