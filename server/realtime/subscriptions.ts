import type { Change } from './change-feed.ts';
import type { Binding, Channel } from './channel.ts';
import { exactValue, recordValue } from './filters.ts';
import type { TableInfo } from './tables.ts';

/** A channel with the bindings a change matches. */
export interface Interested {
  channel: Channel;
  bindings: Binding[];
}

/** A binding of a channel; `order` follows the channels and their bindings. */
interface Subscription {
  order: number;
  channel: Channel;
  binding: Binding;
}

/** One table's subscriptions. */
interface TableSubscriptions {
  /** Without a filter, or with one Postgres evaluates. */
  listed: Subscription[];
  /** With an `eq` filter on a uuid or integer spelt as Postgres writes it: column → value → them. */
  byValue: Map<string, { sqlType: string; values: Map<string, Subscription[]> }>;
}

const onTable = (binding: Binding, info: TableInfo) =>
  (binding.schema === '*' || binding.schema === info.schema) &&
  (binding.table === undefined || binding.table === '*' || binding.table === info.table);

const onEvent = (binding: Binding, change: Change) => binding.event === '*' || binding.event === change.type;

function tableSubscriptions(channels: Channel[], info: TableInfo): TableSubscriptions {
  const columns = new Map(info.columns.map((column) => [column.name, column.sqlType]));
  const table: TableSubscriptions = { listed: [], byValue: new Map() };
  let order = 0;
  for (const channel of channels) {
    for (const binding of channel.bindings) {
      order += 1;
      if (!onTable(binding, info)) continue;
      const subscription = { order, channel, binding };
      const sqlType = binding.filter && columns.get(binding.filter.column);
      const value = sqlType ? exactValue(binding.filter!, sqlType) : undefined;
      if (value === undefined) {
        table.listed.push(subscription);
        continue;
      }
      const column = table.byValue.get(binding.filter!.column) ?? { sqlType: sqlType!, values: new Map() };
      table.byValue.set(binding.filter!.column, column);
      const list = column.values.get(value);
      if (list) list.push(subscription);
      else column.values.set(value, [subscription]);
    }
  }
  return table;
}

/**
 * The live channels' subscriptions by table, so that a change reaches the bindings whose `eq` filter its
 * record meets by value without going through every subscriber. Kept while the channels are the same
 * (a channel's bindings never change once joined) and the table's description is.
 */
export class SubscriptionIndex {
  private channels: Channel[] = [];
  private tables = new WeakMap<TableInfo, TableSubscriptions>();

  /** The channels subscribed now, in order. */
  update(channels: Channel[]): void {
    const same =
      channels.length === this.channels.length &&
      channels.every((channel, index) => channel === this.channels[index]);
    if (same) return;
    this.channels = channels;
    this.tables = new WeakMap();
  }

  /**
   * The channels with bindings the change matches by table and event, in their order, and the filters
   * its record was found to pass by value: the others' filters are left to `evaluateFilters`. A DELETE,
   * which no filter holds back, reaches every binding of the table.
   */
  interested(change: Change, info: TableInfo): { entries: Interested[]; passed: Set<string> } {
    let table = this.tables.get(info);
    if (!table) {
      table = tableSubscriptions(this.channels, info);
      this.tables.set(info, table);
    }
    const passed = new Set<string>();
    const found = [...table.listed];
    let sorted = true;
    for (const [column, { sqlType, values }] of table.byValue) {
      const value = change.record?.[column];
      const key = value === null || value === undefined ? undefined : recordValue(value, sqlType);
      let reached: Subscription[] | undefined;
      if (change.type === 'DELETE' || (key === undefined && value !== null && value !== undefined)) {
        // Every one of them: unfiltered, or a value only Postgres can compare.
        reached = [...values.values()].flat();
      } else if (key !== undefined) {
        reached = values.get(key);
        for (const { binding } of reached ?? []) passed.add(binding.filterText!);
      }
      if (!reached?.length) continue;
      found.push(...reached);
      sorted = false;
    }
    if (!sorted) found.sort((a, b) => a.order - b.order);
    const entries: Interested[] = [];
    for (const { channel, binding } of found) {
      if (!onEvent(binding, change)) continue;
      const last = entries.at(-1);
      if (last?.channel === channel) last.bindings.push(binding);
      else entries.push({ channel, bindings: [binding] });
    }
    return { entries, passed };
  }
}
