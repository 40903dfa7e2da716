import type { Database, Queryable } from '../db/port.ts';
import { impersonate } from '../db/impersonate.ts';
import type { Change } from './change-feed.ts';
import type { ChannelClaims } from './channel.ts';
import { filterPredicate, type ChangeFilter } from './filters.ts';
import { nextTurn } from './next-turn.ts';
import { quoteIdent, type TableInfo } from './tables.ts';

/**
 * How subscribers' visibility is checked: `batched` (one statement per change for every subscriber)
 * or `per-session` (one transaction per distinct claims, the earlier way, kept for benchmarks).
 */
export type VisibilityCheckKind = 'batched' | 'per-session';

/** Whether each subscriber's role and claims may select the changed row now, in the given order. */
export type VisibilityCheck = (
  db: Database,
  info: TableInfo,
  change: Change,
  subscribers: ChannelClaims[],
) => Promise<boolean[]>;

/** Subscribers per statement: a long fan-out leaves room between its statements for API queries. */
export const subscribersPerStatement = 100;

const qualifiedName = (info: TableInfo) => `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`;

/**
 * Filter text → whether the changed record passes it, in one query: the answer depends on the record
 * alone, not on who asks. A filter on a column the record lacks never passes.
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
  const texts = [...filters.keys()];
  const predicates = texts.map((text, index) => {
    const filter = filters.get(text)!;
    const column = info.columns.find((candidate) => candidate.name === filter.column);
    if (!column || !(column.name in record)) return `false as f${index}`;
    params.push(filter.value);
    return `${filterPredicate(filter, quoteIdent(column.name), column.sqlType, params.length)} as f${index}`;
  });
  // A value that no longer casts (the column's type changed since the subscription): no filter passes.
  const row = await db
    .query<Record<string, boolean>>(
      `select ${predicates.join(', ')} from jsonb_populate_record(null::${qualifiedName(info)}, $1::jsonb) as r`,
      params,
    )
    .then(({ rows }) => rows[0])
    .catch(() => undefined);
  return new Map(texts.map((text, index) => [text, row?.[`f${index}`] === true]));
}

/** One statement per change (per `subscribersPerStatement`): _realtime.visible_to loops the claims. */
export const batchedCheck: VisibilityCheck = async (db, info, change, subscribers) => {
  // Without a primary key the row cannot be found again: visible only if the table has no RLS.
  if (info.primaryKey.length === 0) return subscribers.map(() => !info.rls);
  const verdicts: boolean[] = [];
  for (let start = 0; start < subscribers.length; start += subscribersPerStatement) {
    if (start > 0) await nextTurn();
    const chunk = subscribers.slice(start, start + subscribersPerStatement);
    const { rows } = await db.query<{ visible: boolean[] | null }>(
      'select _realtime.visible_to($1::oid::regclass, $2::text[], $3::jsonb, $4::jsonb) as visible',
      [info.oid, info.primaryKey, JSON.stringify(change.record ?? {}), JSON.stringify(chunk)],
      { prepared: true },
    );
    chunk.forEach((_claims, index) => verdicts.push(rows[0]?.visible?.[index] === true));
  }
  return verdicts;
};

async function checkOneSession(db: Database, info: TableInfo, change: Change, claims: ChannelClaims) {
  const key = info.primaryKey;
  if (key.length === 0) return !info.rls;
  try {
    const row = await db.transaction(async (tx: Queryable) => {
      await tx.query('set transaction read only');
      await impersonate(tx, claims);
      const sql = `select exists (select 1 from ${qualifiedName(info)} as t
                     where (${key.map((column) => `t.${quoteIdent(column)}`).join(', ')})
                     is not distinct from (${key.map((column) => `r.${quoteIdent(column)}`).join(', ')})) as visible
                     from jsonb_populate_record(null::${qualifiedName(info)}, $1::jsonb) as r`;
      return (await tx.query<{ visible: boolean }>(sql, [JSON.stringify(change.record ?? {})])).rows[0];
    });
    return row?.visible === true;
  } catch {
    // No privilege on the table, a role that does not exist, ...: the subscriber does not see it.
    return false;
  }
}

/** One transaction per subscriber's claims (set role + request.jwt.claims + select), all at once. */
export const perSessionCheck: VisibilityCheck = (db, info, change, subscribers) =>
  Promise.all(subscribers.map((claims) => checkOneSession(db, info, change, claims)));

export const visibilityChecks: Record<VisibilityCheckKind, VisibilityCheck> = {
  batched: batchedCheck,
  'per-session': perSessionCheck,
};
