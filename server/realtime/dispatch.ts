import type { Database } from '../db/port.ts';
import type { Change } from './change-feed.ts';
import type { Binding, Channel, ChannelClaims } from './channel.ts';
import type { ChangeFilter } from './filters.ts';
import { encodedPayload } from './serializer.ts';
import type { TableCatalog, TableInfo } from './tables.ts';
import { batchedCheck, evaluateFilters, type VisibilityCheck } from './visibility.ts';

interface Interested {
  channel: Channel;
  bindings: Binding[];
}

interface ClaimsGroup {
  claims: ChannelClaims;
  entries: Interested[];
  readable: Set<string>;
}

const matches = (binding: Binding, change: Change) =>
  (binding.schema === '*' || binding.schema === change.schema) &&
  (binding.table === undefined || binding.table === '*' || binding.table === change.table) &&
  (binding.event === '*' || binding.event === change.type);

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

/** Channels with the same claims see the same rows: one check serves them all. */
function groupByClaims(change: Change, channels: Iterable<Channel>) {
  const groups = new Map<string, { claims: ChannelClaims; entries: Interested[] }>();
  for (const channel of channels) {
    const bindings = channel.bindings.filter((binding) => matches(binding, change));
    if (bindings.length === 0) continue;
    const key = JSON.stringify(channel.claims);
    const group = groups.get(key) ?? { claims: channel.claims, entries: [] };
    group.entries.push({ channel, bindings });
    groups.set(key, group);
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

function send(
  group: ClaimsGroup,
  info: TableInfo,
  change: Change,
  passes: Map<string, boolean> | undefined,
  encoded: EncodedData,
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
      channel.send({ joinRef: null, ref: null, event: 'postgres_changes', payload });
    }
  }
}

/**
 * Sends one committed change to every channel that subscribed to it and whose role and claims may
 * select the row now. The check for all subscribers is one statement (`batchedCheck`), so a change costs
 * the database the same whatever the number of subscribers' sessions.
 */
export async function deliverChange(
  db: Database,
  catalog: TableCatalog,
  change: Change,
  channels: Iterable<Channel>,
  check: VisibilityCheck = batchedCheck,
): Promise<void> {
  const interested = groupByClaims(change, channels);
  if (interested.length === 0) return;
  const info = await catalog.table(change.schema, change.table);
  if (!info) return;
  const groups: ClaimsGroup[] = [];
  for (const group of interested) {
    const readable = await catalog.readableColumns(info, group.claims.role);
    if (readable.size > 0) groups.push({ ...group, readable });
  }
  if (groups.length === 0) return;
  const encoded: EncodedData = new Map();
  // As on Supabase, a DELETE is neither checked against RLS nor filtered: every subscriber of the table
  // gets it, carrying only the primary key, so it says nothing about the columns of a row it cannot see.
  if (change.type === 'DELETE') {
    for (const group of groups) send(group, info, change, undefined, encoded);
    return;
  }
  const filters = new Map<string, ChangeFilter>();
  for (const { entries } of groups) {
    for (const { bindings } of entries) {
      for (const binding of bindings) if (binding.filter) filters.set(binding.filterText!, binding.filter);
    }
  }
  // Filters first (one query): only subscribers with a binding the change passes are checked for RLS.
  const passes = await evaluateFilters(db, info, change, filters);
  const candidates = groups.filter((group) =>
    group.entries.some(({ bindings }) => bindings.some((binding) => passing(group, binding, passes))),
  );
  if (candidates.length === 0) return;
  const visible = await check(
    db,
    info,
    change,
    candidates.map((group) => group.claims),
  );
  candidates.forEach((group, index) => {
    if (visible[index]) send(group, info, change, passes, encoded);
  });
}
