/** A postgres_changes filter, `column=op.value`, with the operators every Realtime version has. */
export interface ChangeFilter {
  column: string;
  operator: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  /** One value, or the list of `in.(a,b)`. */
  value: string | string[];
}

const sqlOperators = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;
const maxInValues = 100;

function unquote(value: string): string {
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1)
    : trimmed;
}

export function parseFilter(text: string): ChangeFilter {
  const match = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(text);
  if (!match) throw new Error(`Error parsing \`filter\` params: ${text}`);
  const [, column, operator, value] = match as unknown as [string, string, ChangeFilter['operator'], string];
  if (operator !== 'in') return { column, operator, value };
  const list = /^\((.*)\)$/s.exec(value);
  if (!list) throw new Error(`Error parsing \`filter\` params: ${text}`);
  const values = list[1]!.split(',').map(unquote);
  if (values.length > maxInValues)
    throw new Error(`Error parsing \`filter\` params: too many values in ${text}`);
  return { column, operator, value: values };
}

/**
 * The filter as a SQL predicate over the change's record `r`, its value bound as parameter `$index` and
 * cast to the column's type, so Postgres compares as it would in a query.
 */
export function filterPredicate(filter: ChangeFilter, quotedColumn: string, sqlType: string, index: number) {
  if (filter.operator === 'in')
    return `coalesce(r.${quotedColumn} = any($${index}::text[]::${sqlType}[]), false)`;
  return `coalesce(r.${quotedColumn} ${sqlOperators[filter.operator]} $${index}::text::${sqlType}, false)`;
}

/**
 * Equality the server may decide without Postgres: column types without collation whose values have a
 * single spelling (the one `to_jsonb` writes), for a filter value already spelt so.
 */
const canonicalValues: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  // At most 15 digits: a safe integer in JavaScript, so a record's number compares exactly.
  smallint: /^(0|-?[1-9]\d{0,14})$/,
  integer: /^(0|-?[1-9]\d{0,14})$/,
  bigint: /^(0|-?[1-9]\d{0,14})$/,
};

/** The value an `eq` filter on a uuid or integer column asks for, when spelt as Postgres writes it. */
export function exactValue(filter: ChangeFilter, sqlType: string): string | undefined {
  const spelling = canonicalValues[sqlType];
  return filter.operator === 'eq' && spelling?.test(filter.value as string)
    ? (filter.value as string)
    : undefined;
}

/** A record's uuid or integer as Postgres writes it; undefined for anything else. */
export function recordValue(value: unknown, sqlType: string): string | undefined {
  if (sqlType === 'uuid') return typeof value === 'string' ? value : undefined;
  return canonicalValues[sqlType] && Number.isSafeInteger(value) ? String(value) : undefined;
}

/**
 * Whether `record` passes an `eq` filter on a uuid or integer column spelt canonically, as Postgres would
 * answer; undefined when only Postgres can tell (other operators and types, other spellings).
 */
export function passesWithoutQuery(
  filter: ChangeFilter,
  sqlType: string,
  record: Record<string, unknown>,
): boolean | undefined {
  const wanted = exactValue(filter, sqlType);
  if (wanted === undefined) return undefined;
  const value = record[filter.column];
  if (value === null || value === undefined) return false;
  const found = recordValue(value, sqlType);
  return found === undefined ? undefined : found === wanted;
}
