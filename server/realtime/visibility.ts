import type { Database, Queryable } from '../db/port.ts';
import { impersonate } from '../db/impersonate.ts';
import type { Change } from './change-feed.ts';
import type { ChannelClaims } from './channel.ts';
import { filterPredicate, passesWithoutQuery, type ChangeFilter } from './filters.ts';
import { nextTurn } from './next-turn.ts';
import { quoteIdent } from '../db/sql-names.ts';
import type { TableInfo } from './tables.ts';

/**
 * How subscribers' visibility is checked: `batched` (one statement for every subscriber and every changed
 * row of a table) or `per-session` (one transaction per distinct claims, the earlier way, kept for
 * benchmarks).
 */
export type VisibilityCheckKind = 'batched' | 'per-session';

/** A changed row's primary key: column → value. */
export type RowKey = Record<string, unknown>;

/**
 * For each subscriber, in order, the indexes of the `keys` whose rows its role and claims may select now.
 */
export type VisibilityCheck = (
  db: Database,
  info: TableInfo,
  keys: RowKey[],
  subscribers: ChannelClaims[],
) => Promise<Set<number>[]>;

/**
 * Subscribers per statement for a number of changed rows: a session costs about as much as fifteen
 * rows (setting its claims, the policies' own lookups), and a long fan-out leaves room between its
 * statements for API queries (on PGlite they share the thread).
 */
export const subscribersPerStatement = (rows: number) => Math.max(10, Math.floor((100 * 16) / (15 + rows)));

/** Statements of one fan-out at once on PostgreSQL (none at once on PGlite, which runs one at a time). */
const statementsAtOnce = 2;

const qualifiedName = (info: TableInfo) => `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`;

/**
 * Filter text → whether the changed record passes it, in one query at most: the answer depends on the
 * record alone, not on who asks. A filter on a column the record lacks never passes. An `eq` on a uuid or
 * integer spelt as Postgres writes it is decided here (`passesWithoutQuery`); the others, filters of one
 * column and operator as one expression over the list of their values (thousands of sessions each
 * following its own row stay a handful of expressions), so Postgres compares as it would in a query.
 */
export async function evaluateFilters(
  db: Database,
  info: TableInfo,
  change: Change,
  filters: Map<string, ChangeFilter>,
): Promise<Map<string, boolean>> {
  if (filters.size === 0) return new Map();
  const record = change.record ?? {};
  const params: unknown[] = [JSON.stringify(record)];
  const predicates: string[] = [];
  /** Per filter text: the expression's alias and, for a list, the value's 1-based position in it. */
  const answers = new Map<string, { alias: string; position?: number }>();
  const lists = new Map<
    string,
    { column: string; sqlType: string; filter: ChangeFilter; values: string[] }
  >();
  const decided = new Map<string, boolean>();
  const columns = new Map(info.columns.map((column) => [column.name, column]));
  for (const [text, filter] of filters) {
    const column = columns.get(filter.column);
    if (!column || !(column.name in record)) continue;
    const passes = passesWithoutQuery(filter, column.sqlType, record);
    if (passes !== undefined) {
      decided.set(text, passes);
      continue;
    }
    if (filter.operator === 'in') {
      params.push(filter.value);
      const alias = `f${predicates.length}`;
      predicates.push(
        `${filterPredicate(filter, quoteIdent(column.name), column.sqlType, params.length)} as ${alias}`,
      );
      answers.set(text, { alias });
      continue;
    }
    const listKey = `${column.name}\u0000${filter.operator}`;
    const list = lists.get(listKey) ?? { column: column.name, sqlType: column.sqlType, filter, values: [] };
    lists.set(listKey, list);
    answers.set(text, { alias: listKey, position: list.values.push(filter.value as string) });
  }
  const listAliases = new Map<string, string>();
  for (const [listKey, list] of lists) {
    params.push(list.values);
    const alias = `f${predicates.length}`;
    listAliases.set(listKey, alias);
    const test = filterPredicate(
      { ...list.filter, column: list.column },
      quoteIdent(list.column),
      list.sqlType,
      params.length,
    ).replace(`$${params.length}::text`, 'v.value::text');
    predicates.push(
      `array(select v.n::int from unnest($${params.length}::text[]) with ordinality as v (value, n) where ${test}) as ${alias}`,
    );
  }
  if (predicates.length === 0)
    return new Map([...filters.keys()].map((text) => [text, decided.get(text) === true]));
  // A value that no longer casts (the column's type changed since the subscription): no filter passes.
  const row = await db
    .query<Record<string, boolean | (number | string)[]>>(
      `select ${predicates.join(', ')} from jsonb_populate_record(null::${qualifiedName(info)}, $1::jsonb) as r`,
      params,
    )
    .then(({ rows }) => rows[0])
    .catch(() => undefined);
  const matched = new Map<string, Set<number>>();
  for (const [listKey, alias] of listAliases) {
    const positions = row?.[alias];
    matched.set(listKey, new Set(Array.isArray(positions) ? positions.map(Number) : []));
  }
  return new Map(
    [...filters.keys()].map((text) => {
      const answer = answers.get(text);
      if (!answer) return [text, decided.get(text) === true];
      if (answer.position === undefined) return [text, row?.[answer.alias] === true];
      return [text, matched.get(answer.alias)?.has(answer.position) === true];
    }),
  );
}

/** One statement per `subscribersPerStatement` sessions: _realtime.visible_rows loops the claims. */
export const batchedCheck: VisibilityCheck = async (db, info, keys, subscribers) => {
  // Without a primary key the row cannot be found again: visible only if the table has no RLS.
  if (info.primaryKey.length === 0) {
    return subscribers.map(() => new Set(info.rls ? [] : keys.map((_key, index) => index)));
  }
  const size = subscribersPerStatement(keys.length);
  const chunks: ChannelClaims[][] = [];
  for (let start = 0; start < subscribers.length; start += size) {
    chunks.push(subscribers.slice(start, start + size));
  }
  const keysJson = JSON.stringify(keys);
  const checkChunk = async (chunk: ChannelClaims[]) => {
    const { rows } = await db.query<{ visible: number[] }>(
      `select visible from _realtime.visible_rows($1::oid::regclass, $2::text[], $3::jsonb, $4::jsonb)
         with ordinality as v(visible, position) order by position`,
      [info.oid, info.primaryKey, keysJson, JSON.stringify(chunk)],
      { prepared: true },
    );
    return chunk.map(
      (_claims, index) => new Set((rows[index]?.visible ?? []).map((position) => position - 1)),
    );
  };
  const results: Set<number>[][] = [];
  if (db.kind === 'postgres') {
    for (let start = 0; start < chunks.length; start += statementsAtOnce) {
      results.push(...(await Promise.all(chunks.slice(start, start + statementsAtOnce).map(checkChunk))));
    }
  } else {
    for (const [index, chunk] of chunks.entries()) {
      if (index > 0) await nextTurn();
      results.push(await checkChunk(chunk));
    }
  }
  return results.flat();
};

async function checkOneSession(db: Database, info: TableInfo, keys: RowKey[], claims: ChannelClaims) {
  const key = info.primaryKey;
  if (key.length === 0) return new Set(info.rls ? [] : keys.map((_key, index) => index));
  try {
    return await db.transaction(async (tx: Queryable) => {
      await tx.query('set transaction read only');
      await impersonate(tx, claims);
      const sql = `select exists (select 1 from ${qualifiedName(info)} as t
                     where (${key.map((column) => `t.${quoteIdent(column)}`).join(', ')})
                     is not distinct from (${key.map((column) => `r.${quoteIdent(column)}`).join(', ')})) as visible
                     from jsonb_populate_record(null::${qualifiedName(info)}, $1::jsonb) as r`;
      const visible = new Set<number>();
      for (const [index, rowKey] of keys.entries()) {
        const row = (await tx.query<{ visible: boolean }>(sql, [JSON.stringify(rowKey)])).rows[0];
        if (row?.visible === true) visible.add(index);
      }
      return visible;
    });
  } catch {
    // No privilege on the table, a role that does not exist, ...: the subscriber sees nothing.
    return new Set<number>();
  }
}

/** One transaction per subscriber's claims (set role + request.jwt.claims + select), all at once. */
export const perSessionCheck: VisibilityCheck = (db, info, keys, subscribers) =>
  Promise.all(subscribers.map((claims) => checkOneSession(db, info, keys, claims)));

export const visibilityChecks: Record<VisibilityCheckKind, VisibilityCheck> = {
  batched: batchedCheck,
  'per-session': perSessionCheck,
};
