import { createHash } from 'node:crypto';
import type { Database } from '../db/port.ts';
import type { Binding } from './channel.ts';
import { exactValue, parseFilter } from './filters.ts';
import type { TableCatalog } from './tables.ts';

const events = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

/** A stable integer per binding, as Realtime's phash2 of the parameters is. */
function bindingId(parts: unknown[]): number {
  return createHash('sha1').update(JSON.stringify(parts)).digest().readUInt32BE(0) >>> 1;
}

const optionalText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Checks the bindings of a join the way Realtime does before subscribing: known event, a table in the
 * publication, a filter on an existing column with a value of the column's type.
 */
export async function prepareBindings(
  db: Database,
  catalog: TableCatalog,
  requested: unknown[],
): Promise<Binding[]> {
  const bindings: Binding[] = [];
  for (const entry of requested) {
    const raw = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const event = typeof raw.event === 'string' ? raw.event.toUpperCase() : '';
    const schema = optionalText(raw.schema);
    const table = optionalText(raw.table);
    const filterText = optionalText(raw.filter);
    if (!events.has(event) || !schema) throw new Error('Invalid postgres_changes binding');
    const binding: Binding = {
      id: bindingId([raw.event, schema, table ?? null, filterText ?? null]),
      event: event as Binding['event'],
      schema,
      table,
      filterText,
    };
    if (table && table !== '*') {
      const info = await catalog.table(schema, table);
      if (!info?.published)
        throw new Error(`Table ${schema}.${table} is not in publication supabase_realtime`);
      if (filterText) {
        const filter = parseFilter(filterText);
        const column = info.columns.find((candidate) => candidate.name === filter.column);
        if (!column) throw new Error(`Error parsing \`filter\` params: unknown column ${filter.column}`);
        // A uuid spelt as Postgres writes it is one: thousands of customers joining need no query.
        const valid = column.sqlType === 'uuid' && exactValue(filter, column.sqlType) !== undefined;
        if (!valid) {
          await (filter.operator === 'in'
            ? db.query(`select $1::text[]::${column.sqlType}[]`, [filter.value])
            : db.query(`select $1::text::${column.sqlType}`, [filter.value]));
        }
        binding.filter = filter;
      }
    } else if (filterText) {
      throw new Error('A filter needs a table');
    }
    bindings.push(binding);
  }
  return bindings;
}
