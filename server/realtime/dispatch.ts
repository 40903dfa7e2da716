import type { Database } from '../db/port.ts';
import type { Change } from './change-feed.ts';
import type { Binding, Channel, ChannelClaims } from './channel.ts';
import type { ChangeFilter } from './filters.ts';
import { encodedPayload } from './serializer.ts';
import { turnsEvery } from './next-turn.ts';
import { sendBySocket, type Outgoing } from './socket-writes.ts';
import type { Interested, SubscriptionIndex } from './subscriptions.ts';
import type { TableCatalog, TableInfo } from './tables.ts';
import { batchedCheck, evaluateFilters, type RowKey, type VisibilityCheck } from './visibility.ts';

interface ClaimsGroup {
  claims: ChannelClaims;
  entries: Interested[];
  readable: Set<string>;
}

const pick = (record: Record<string, unknown> | null, names: Set<string>) =>
  Object.fromEntries(Object.entries(record ?? {}).filter(([name]) => names.has(name)));

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

const claimsKeys = new WeakMap<ChannelClaims, string>();

/** Claims as a key: equal claims see the same rows. A channel's claims object changes with its token. */
function claimsKey(claims: ChannelClaims): string {
  let key = claimsKeys.get(claims);
  if (key === undefined) {
    key = JSON.stringify(claims);
    claimsKeys.set(claims, key);
  }
  return key;
}

/** Channels with the same claims see the same rows: one check serves them all. */
function groupByClaims(entries: Interested[]) {
  const groups = new Map<string, { claims: ChannelClaims; entries: Interested[] }>();
  for (const entry of entries) {
    const key = claimsKey(entry.channel.claims);
    const group = groups.get(key);
    if (group) group.entries.push(entry);
    else groups.set(key, { claims: entry.channel.claims, entries: [entry] });
  }
  return [...groups.values()];
}

/** Whether the change passes the binding's filter; a filter on a column the role cannot read never does. */
const passing = (group: ClaimsGroup, binding: Binding, passes: Map<string, boolean> | undefined) =>
  !binding.filter ||
  !passes ||
  (group.readable.has(binding.filter.column) && passes.get(binding.filterText!) === true);

/** The event's data per set of readable columns (one per role), as an object and as JSON. */
type EncodedData = Map<Set<string>, { data: ReturnType<typeof changeData>; json: string }>;

/** The change's frames for the group's channels whose bindings it passes. */
function framesFor(
  group: ClaimsGroup,
  info: TableInfo,
  change: Change,
  passes: Map<string, boolean> | undefined,
  encoded: EncodedData,
  out: Outgoing[],
) {
  let shaped = encoded.get(group.readable);
  if (!shaped) {
    const data = changeData(info, change, group.readable);
    shaped = { data, json: JSON.stringify(data) };
    encoded.set(group.readable, shaped);
  }
  const { data, json } = shaped;
  for (const { channel, bindings } of group.entries) {
    const ids = [
      ...new Set(bindings.filter((binding) => passing(group, binding, passes)).map((binding) => binding.id)),
    ];
    if (ids.length > 0) {
      const payload = { ids, data, [encodedPayload]: `{"ids":${JSON.stringify(ids)},"data":${json}}` };
      out.push({ channel, message: { joinRef: null, ref: null, event: 'postgres_changes', payload } });
    }
  }
}

/** A change with the subscribers it may reach once their visibility is known. */
interface Planned {
  change: Change;
  info: TableInfo;
  passes?: Map<string, boolean>;
  candidates: ClaimsGroup[];
  /** The groups that may see the row; DELETEs are not checked. */
  visible?: ClaimsGroup[];
}

/**
 * Who subscribed to the change and passes its filters (one query per change at most, none when every
 * filter is decided by value). Filters first: only the channels they let through are grouped by claims,
 * given their readable columns and checked for RLS.
 */
async function plan(
  db: Database,
  catalog: TableCatalog,
  change: Change,
  subscriptions: SubscriptionIndex,
): Promise<Planned | undefined> {
  const info = await catalog.table(change.schema, change.table);
  if (!info) return undefined;
  const { entries, passed } = subscriptions.interested(change, info);
  if (entries.length === 0) return undefined;
  let reached: Interested[] = entries;
  let passes: Map<string, boolean> | undefined;
  // As on Supabase, a DELETE is neither checked against RLS nor filtered: every subscriber of the table
  // gets it, carrying only the primary key, so it says nothing about the columns of a row it cannot see.
  if (change.type !== 'DELETE') {
    const filters = new Map<string, ChangeFilter>();
    for (const { bindings } of entries) {
      for (const binding of bindings) {
        if (binding.filter && !passed.has(binding.filterText!))
          filters.set(binding.filterText!, binding.filter);
      }
    }
    const evaluated = await evaluateFilters(db, info, change, filters);
    for (const text of passed) evaluated.set(text, true);
    passes = evaluated;
    reached = entries.filter(({ bindings }) =>
      bindings.some((binding) => !binding.filter || evaluated.get(binding.filterText!) === true),
    );
  }
  const groups: ClaimsGroup[] = [];
  for (const group of groupByClaims(reached)) {
    const readable = await catalog.readableColumns(info, group.claims.role);
    if (readable.size > 0) groups.push({ ...group, readable });
  }
  if (change.type === 'DELETE') {
    return groups.length > 0 ? { change, info, candidates: groups, visible: groups } : undefined;
  }
  // A filter on a column the role cannot read never passes.
  const candidates = groups.filter((group) =>
    group.entries.some(({ bindings }) => bindings.some((binding) => passing(group, binding, passes))),
  );
  return candidates.length > 0 ? { change, info, passes, candidates } : undefined;
}

const rowKey = (info: TableInfo, change: Change): RowKey =>
  Object.fromEntries(info.primaryKey.map((column) => [column, change.record?.[column] ?? null]));

/**
 * Decides `visible` for every checked change of one table: one check for all of them, each distinct
 * row once, each distinct claims once.
 */
async function checkTable(db: Database, planned: Planned[], check: VisibilityCheck): Promise<void> {
  const info = planned[0]!.info;
  const keys: RowKey[] = [];
  const keyIndexes = new Map<string, number>();
  const subscribers: ChannelClaims[] = [];
  const subscriberIndexes = new Map<string, number>();
  const keyOf = planned.map(({ change }) => {
    const key = rowKey(info, change);
    const text = JSON.stringify(key);
    let index = keyIndexes.get(text);
    if (index === undefined) {
      index = keys.push(key) - 1;
      keyIndexes.set(text, index);
    }
    return index;
  });
  for (const { candidates } of planned) {
    for (const { claims } of candidates) {
      const text = claimsKey(claims);
      if (!subscriberIndexes.has(text)) subscriberIndexes.set(text, subscribers.push(claims) - 1);
    }
  }
  const visible = await check(db, info, keys, subscribers);
  planned.forEach((item, index) => {
    item.visible = item.candidates.filter((group) =>
      visible[subscriberIndexes.get(claimsKey(group.claims))!]?.has(keyOf[index]!),
    );
  });
}

/** The longest the fan-out keeps the event loop between two turns (API requests wait for at most this). */
export const millisecondsPerTurn = 5;

/**
 * Sends committed changes, in order, to every channel that subscribed to them and whose role and claims
 * may select the row now. The check is one statement per table for all the changes and all the
 * subscribers' sessions (`batchedCheck`), so a burst costs the database about what one change does.
 */
export async function deliverChanges(
  db: Database,
  catalog: TableCatalog,
  changes: Change[],
  channels: Iterable<Channel>,
  subscriptions: SubscriptionIndex,
  check: VisibilityCheck = batchedCheck,
): Promise<void> {
  subscriptions.update([...channels]);
  const planned: Planned[] = [];
  const breather = turnsEvery(millisecondsPerTurn);
  for (const change of changes) {
    await breather();
    const item = await plan(db, catalog, change, subscriptions);
    if (item) planned.push(item);
  }
  const byTable = new Map<number, Planned[]>();
  for (const item of planned) {
    if (item.visible) continue;
    const list = byTable.get(item.info.oid) ?? [];
    list.push(item);
    byTable.set(item.info.oid, list);
  }
  const failures: unknown[] = [];
  for (const list of byTable.values()) {
    // A table whose check fails delivers nothing; the others still do.
    await checkTable(db, list, check).catch((error: unknown) => failures.push(error));
  }
  const frames: Outgoing[] = [];
  for (const { change, info, passes, visible } of planned) {
    await breather();
    const encoded: EncodedData = new Map();
    for (const group of visible ?? []) framesFor(group, info, change, passes, encoded, frames);
  }
  await sendBySocket(frames);
  if (failures.length > 0) throw failures[0];
}
