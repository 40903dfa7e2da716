import { expect } from 'vitest';
import type { Check } from './check.ts';
import type { PersonaName, PolicyWorld, Refusal } from './world.ts';

/**
 * What the role authenticated may do on each relation of schema app before any policy is asked:
 * 'update(a, b)' = update of those columns only. service_role may do everything on the tables and
 * read the view; anon may not even use the schema.
 */
const authenticatedMay: Record<string, string[]> = {
  'app.platform_admins': ['select'],
  'app.merchants': ['select'],
  'app.merchant_prefix_counter': [],
  'app.percentages': ['select', 'update(personal, sponsor1, sponsor2, sponsor3, updated_at)'],
  'app.clients': ['select', 'update(name, phone)'],
  'app.client_code_counters': [],
  'app.movements': ['select', 'insert'],
  'app.credit_ledger': ['select', 'insert'],
  'app.operators': ['select', 'insert', 'delete', 'update(name, image_path)'],
  'app.treatments': [
    'select',
    'insert',
    'delete',
    'update(name, description, duration_minutes, price, for_all_operators, buffer_minutes, processing_offset_minutes, processing_minutes)',
  ],
  'app.treatment_operators': ['select', 'insert', 'delete'],
  'app.resources': ['select', 'insert', 'delete', 'update(name, active)'],
  'app.treatment_resources': ['select', 'insert', 'delete'],
  'app.resource_bookings': ['select'],
  'app.reservations': [
    'select',
    'insert',
    'delete',
    'update(operator_id, starts_at, ends_at, status, notes, updated_at)',
  ],
  'app.reservation_rows': ['select'],
  'app.notification_outbox': [],
  'app.opening_hours': ['select', 'insert', 'delete'],
  'app.salon_closures': ['select', 'insert', 'delete'],
  'app.operator_hours': ['select', 'insert', 'delete'],
  'app.operator_absences': ['select', 'insert', 'delete'],
  'app.password_policy': [],
  'app.merchant_daily_sales': ['select'],
  'app.client_statistics': ['select'],
  'app.consents': ['select'],
  'app.address_confirmations': [],
  'app.push_subscriptions': ['select', 'delete'],
  'app.waitlist_entries': ['select'],
  'app.waitlist_notices': ['select'],
};
const views = new Set(['app.reservation_rows']);

/** The columns a statement may name (generated columns are never written). */
async function columnsOf(world: PolicyWorld, table: string): Promise<string[]> {
  const { rows } = await world.db.query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** Statements that need exactly one privilege and touch no row, so only privileges decide. */
const probes = (table: string, columns: string[]) => ({
  select: `select 1 from ${table} where false`,
  insert: `insert into ${table} (${columns[0]}) select null where false`,
  delete: `delete from ${table} where false`,
  update: (column: string) => `update ${table} set ${column} = null where false`,
});

async function expectPrivileges(world: PolicyWorld, persona: PersonaName, table: string, may: string[]) {
  const columns = await columnsOf(world, table);
  const sql = probes(table, columns);
  const outcome = async (statement: string) => (await world.attempt(persona, statement)).refused ?? 'ok';
  const denial: Refusal = persona === 'anon' ? 'schema' : 'grant';
  const verdict = (granted: boolean) => (granted ? 'ok' : denial);
  const found: Record<string, string> = {};
  const wanted: Record<string, string> = {};
  const kinds = views.has(table) ? (['select'] as const) : (['select', 'insert', 'delete'] as const);
  for (const kind of kinds) {
    found[kind] = await outcome(sql[kind]);
    wanted[kind] = verdict(may.includes(kind));
  }
  if (!views.has(table)) {
    const updatable = may.find((entry) => entry.startsWith('update'));
    const allowedColumns =
      updatable === 'update' ? columns : (updatable?.match(/\((.*)\)/)?.[1]?.split(', ') ?? []);
    for (const column of columns) {
      found[`update ${column}`] = await outcome(sql.update(column));
      wanted[`update ${column}`] = verdict(allowedColumns.includes(column));
    }
  }
  expect(found).toEqual(wanted);
}

const roleChecks = (persona: PersonaName, may: (table: string) => string[]): Check[] =>
  Object.keys(authenticatedMay).map((table) => ({
    name: `${table}: the privileges of ${persona === 'merchantA' ? 'authenticated' : persona}`,
    run: (world) => expectPrivileges(world, persona, table, may(table)),
  }));

export const privilegeChecks: Check[] = [
  ...roleChecks('merchantA', (table) => authenticatedMay[table]!),
  ...roleChecks('service', (table) =>
    views.has(table) ? ['select'] : ['select', 'insert', 'delete', 'update'],
  ),
  ...roleChecks('anon', () => []),
];
