import type { Database, Queryable } from '../db/port.ts';
import { impersonate } from '../db/impersonate.ts';
import type { Change } from './change-feed.ts';
import { nextTurn } from './next-turn.ts';
import type { ChannelClaims } from './channel.ts';
import { filterPredicate, type ChangeFilter } from './filters.ts';
import { quoteIdent, type TableInfo } from './tables.ts';

/**
 * How subscribers' visibility is checked: `batched` (one statement per change for every subscriber)
 * or `per-session` (one transaction per distinct claims, the earlier way, kept for benchmarks).
 */
export type VisibilityCheckKind = 'batched' | 'per-session';

export interface Verdict {
  visible: boolean;
  /** Filter text → whether the changed record passes it (claims do not change the answer). */
  passes: Map<string, boolean>;
}

export type VisibilityCheck = (
  db: Database,
  info: TableInfo,
  change: Change,
  subscribers: ChannelClaims[],
  filters: Map<string, ChangeFilter>,
) => Promise<Verdict[]>;

/** Subscribers per statement: a long fan-out leaves room between its statements for API queries. */
export const subscribersPerStatement = 100;

/** The filters as SQL predicates over the record `r`, their values appended to `params`. */
function filterColumns(
  info: TableInfo,
  change: Change,
  filters: Map<string, ChangeFilter>,
  params: unknown[],
) {
  const record = change.record ?? {};
  const texts = [...filters.keys()];
  const predicates = texts.map((text, index) => {
    const filter = filters.get(text)!;
    const column = info.columns.find((candidate) => candidate.name === filter.column);
    if (!column || !(column.name in record)) return `false as f${index}`;
    params.push(filter.value);
    return `${filterPredicate(filter, quoteIdent(column.name), column.sqlType, params.length)} as f${index}`;
  });
  return { texts, predicates };
}

const passesOf = (texts: string[], row: Record<string, unknown> | undefined) =>
  new Map(texts.map((text, index) => [text, row?.[`f${index}`] === true]));

const qualifiedName = (info: TableInfo) => `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`;

/** One statement per change (per `subscribersPerStatement`): realtime.visible_to loops the claims. */
export const batchedCheck: VisibilityCheck = async (db, info, change, subscribers, filters) => {
  const verdicts: Verdict[] = [];
  for (let start = 0; start < subscribers.length; start += subscribersPerStatement) {
    if (start > 0) await nextTurn();
    const chunk = subscribers.slice(start, start + subscribersPerStatement);
    const params: unknown[] = [JSON.stringify(change.record ?? {})];
    // Without a primary key the row cannot be found again: visible only if the table has no RLS.
    let visible = 'null::boolean[]';
    if (info.primaryKey.length > 0) {
      params.push(JSON.stringify(chunk), info.oid, info.primaryKey);
      visible = 'realtime.visible_to($3::oid::regclass, $4::text[], $1::jsonb, $2::jsonb)';
    }
    const { texts, predicates } = filterColumns(info, change, filters, params);
    const { rows } = await db.query<Record<string, unknown> & { visible: boolean[] | null }>(
      `select ${[`${visible} as visible`, ...predicates].join(', ')}
         from jsonb_populate_record(null::${qualifiedName(info)}, $1::jsonb) as r`,
      params,
    );
    const row = rows[0];
    const passes = passesOf(texts, row);
    chunk.forEach((_claims, index) => {
      const seen = info.primaryKey.length === 0 ? !info.rls : row?.visible?.[index] === true;
      verdicts.push({ visible: seen, passes });
    });
  }
  return verdicts;
};

async function checkOneSession(
  db: Database,
  info: TableInfo,
  change: Change,
  claims: ChannelClaims,
  filters: Map<string, ChangeFilter>,
) {
  const key = info.primaryKey;
  const params: unknown[] = [JSON.stringify(change.record ?? {})];
  const visible =
    key.length === 0
      ? String(!info.rls)
      : `exists (select 1 from ${qualifiedName(info)} as t
           where (${key.map((column) => `t.${quoteIdent(column)}`).join(', ')})
           is not distinct from (${key.map((column) => `r.${quoteIdent(column)}`).join(', ')}))`;
  const { texts, predicates } = filterColumns(info, change, filters, params);
  try {
    const row = await db.transaction(async (tx: Queryable) => {
      await tx.query('set transaction read only');
      await impersonate(tx, claims);
      const sql = `select ${[`${visible} as visible`, ...predicates].join(', ')}
                     from jsonb_populate_record(null::${qualifiedName(info)}, $1::jsonb) as r`;
      return (await tx.query<Record<string, unknown>>(sql, params)).rows[0];
    });
    return { visible: row?.visible === true, passes: passesOf(texts, row) };
  } catch {
    // No privilege on the table, a role that does not exist, ...: the subscriber does not see it.
    return { visible: false, passes: new Map<string, boolean>() };
  }
}

/** One transaction per subscriber's claims (set role + request.jwt.claims + select), all at once. */
export const perSessionCheck: VisibilityCheck = (db, info, change, subscribers, filters) =>
  Promise.all(subscribers.map((claims) => checkOneSession(db, info, change, claims, filters)));

export const visibilityChecks: Record<VisibilityCheckKind, VisibilityCheck> = {
  batched: batchedCheck,
  'per-session': perSessionCheck,
};
