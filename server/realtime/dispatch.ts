import type { Database } from '../db/port.ts';
import { impersonate } from '../db/impersonate.ts';
import type { Change } from './change-feed.ts';
import type { Binding, Channel, ChannelClaims } from './channel.ts';
import { filterPredicate, type ChangeFilter } from './filters.ts';
import { quoteIdent, type TableCatalog, type TableInfo } from './tables.ts';

interface Interested {
  channel: Channel;
  bindings: Binding[];
}

const matches = (binding: Binding, change: Change) =>
  (binding.schema === '*' || binding.schema === change.schema) &&
  (binding.table === undefined || binding.table === '*' || binding.table === change.table) &&
  (binding.event === '*' || binding.event === change.type);

const pick = (record: Record<string, unknown> | null, names: Set<string>) =>
  Object.fromEntries(Object.entries(record ?? {}).filter(([name]) => names.has(name)));

/**
 * Asks Postgres, as the subscriber's role and claims, whether it may see the inserted or updated row now
 * (a select by primary key) and which filters the change passes.
 */
async function evaluate(
  db: Database,
  info: TableInfo,
  change: Change,
  claims: ChannelClaims,
  readable: Set<string>,
  filters: Map<string, ChangeFilter>,
): Promise<{ visible: boolean; passes: Map<string, boolean> }> {
  const record = change.record ?? {};
  const qualified = `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`;
  const params: unknown[] = [JSON.stringify(record)];
  const key = info.primaryKey;
  const visible =
    key.length === 0
      ? String(!info.rls)
      : `exists (select 1 from ${qualified} as t where (${key.map((c) => `t.${quoteIdent(c)}`).join(', ')})
           is not distinct from (${key.map((c) => `r.${quoteIdent(c)}`).join(', ')}))`;
  const filterTexts = [...filters.keys()];
  const predicates = filterTexts.map((text) => {
    const filter = filters.get(text)!;
    const column = info.columns.find((candidate) => candidate.name === filter.column);
    if (!column || !readable.has(column.name) || !(column.name in record)) return 'false';
    params.push(filter.value);
    return filterPredicate(filter, quoteIdent(column.name), column.sqlType, params.length);
  });
  const sql = `select ${visible} as visible${predicates.map((p, i) => `, ${p} as f${i}`).join('')}
                 from jsonb_populate_record(null::${qualified}, $1::jsonb) as r`;
  try {
    const row = await db.transaction(async (tx) => {
      await tx.query('set transaction read only');
      await impersonate(tx, claims);
      return (await tx.query<Record<string, boolean>>(sql, params)).rows[0];
    });
    return {
      visible: row?.visible === true,
      passes: new Map(filterTexts.map((text, i) => [text, row?.[`f${i}`] === true])),
    };
  } catch {
    // No privilege on the table, a role that does not exist, ...: the subscriber does not see it.
    return { visible: false, passes: new Map() };
  }
}

/** The event as Realtime sends it, with only the columns the role may read. */
function changeData(info: TableInfo, change: Change, readable: Set<string>) {
  const columns = info.columns
    .filter((column) => readable.has(column.name))
    .map(({ name, type }) => ({ name, type }));
  // The old row is the replica identity: the primary key, or the whole row under FULL without RLS.
  const oldColumns =
    info.fullIdentity && !info.rls ? readable : new Set(info.primaryKey.filter((name) => readable.has(name)));
  return {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns,
    ...(change.type !== 'DELETE' ? { record: pick(change.record, readable) } : {}),
    ...(change.type !== 'INSERT' ? { old_record: pick(change.oldRecord, oldColumns) } : {}),
    errors: null,
  };
}

async function deliverToClaims(
  db: Database,
  catalog: TableCatalog,
  info: TableInfo,
  change: Change,
  claims: ChannelClaims,
  entries: Interested[],
) {
  const readable = await catalog.readableColumns(info, claims.role);
  if (readable.size === 0) return;
  const filters = new Map<string, ChangeFilter>();
  for (const { bindings } of entries) {
    for (const binding of bindings) if (binding.filter) filters.set(binding.filterText!, binding.filter);
  }
  // As on Supabase, a DELETE is neither checked against RLS nor filtered: every subscriber of the table
  // gets it, carrying only the primary key, so it says nothing about the columns of a row it cannot see.
  const verdict =
    change.type === 'DELETE'
      ? { visible: true, passes: undefined }
      : await evaluate(db, info, change, claims, readable, filters);
  if (!verdict.visible) return;
  const data = changeData(info, change, readable);
  for (const { channel, bindings } of entries) {
    const passes = (binding: Binding) =>
      !binding.filter || !verdict.passes || verdict.passes.get(binding.filterText!) === true;
    const ids = [...new Set(bindings.filter(passes).map((b) => b.id))];
    if (ids.length > 0) {
      channel.send({ joinRef: null, ref: null, event: 'postgres_changes', payload: { ids, data } });
    }
  }
}

/** Sends one committed change to every channel that subscribed to it and may see it. */
export async function deliverChange(
  db: Database,
  catalog: TableCatalog,
  change: Change,
  channels: Iterable<Channel>,
): Promise<void> {
  const groups = new Map<string, { claims: ChannelClaims; entries: Interested[] }>();
  for (const channel of channels) {
    const bindings = channel.bindings.filter((binding) => matches(binding, change));
    if (bindings.length === 0) continue;
    // Channels with the same claims see the same rows: one check serves them all.
    const key = JSON.stringify(channel.claims);
    const group = groups.get(key) ?? { claims: channel.claims, entries: [] };
    group.entries.push({ channel, bindings });
    groups.set(key, group);
  }
  if (groups.size === 0) return;
  const info = await catalog.table(change.schema, change.table);
  if (!info) return;
  await Promise.all(
    [...groups.values()].map(({ claims, entries }) =>
      deliverToClaims(db, catalog, info, change, claims, entries),
    ),
  );
}
