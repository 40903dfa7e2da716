import { allowed, changes, lazy, refused, selectChecks, type Check } from './check.ts';
import type { PersonaName, PolicyWorld, SalonIds } from './world.ts';

const ofSalon = (salon: SalonIds) => `merchant_id = '${salon.merchantId}'`;

/** Opening hours, closures, operators' hours and absences: each salon's merchant and clients read them. */
const calendarTables: [table: string, key: string, what: string, values: (salon: SalonIds) => string][] = [
  [
    'app.opening_hours',
    `merchant_id || '/' || weekday || '/' || opens`,
    'opening hours',
    (s) => `insert into app.opening_hours (merchant_id, weekday, opens, closes)
            values ('${s.merchantId}', 3, '09:00', '12:00')`,
  ],
  [
    'app.salon_closures',
    `merchant_id || '/' || day`,
    'a closure',
    (s) => `insert into app.salon_closures (merchant_id, day) values ('${s.merchantId}', '2099-12-31')`,
  ],
  [
    'app.operator_hours',
    `operator_id || '/' || weekday || '/' || opens`,
    "an operator's hours",
    (s) => `insert into app.operator_hours (merchant_id, operator_id, weekday, opens, closes)
            values ('${s.merchantId}', '${s.bea}', 3, '10:00', '12:00')`,
  ],
  [
    'app.operator_absences',
    'id',
    "an operator's absence",
    (s) => `insert into app.operator_absences (merchant_id, operator_id, from_day, to_day)
            values ('${s.merchantId}', '${s.bea}', '2099-10-01', '2099-10-02')`,
  ],
];

export const calendarSelectChecks: Check[] = calendarTables.flatMap(([table]) =>
  selectChecks(table, (w) => ({
    clientA: ofSalon(w.A),
    clientB: ofSalon(w.B),
    merchantA: ofSalon(w.A),
    merchantB: ofSalon(w.B),
  })),
);

const whoMayDelete: [PersonaName, (w: PolicyWorld) => string][] = [
  ['merchantA', (w) => ofSalon(w.A)],
  ['merchantB', (w) => ofSalon(w.B)],
  ['clientA', () => 'false'],
  ['admin', () => 'false'],
];

export const calendarWriteChecks: Check[] = calendarTables.flatMap(([table, key, what, values]) => [
  lazy(`${table}: a merchant adds ${what} of its own`, (w) => allowed('', 'merchantA', values(w.A))),
  lazy(`${table}: a merchant cannot add ${what} to another salon`, (w) =>
    refused('', 'merchantA', values(w.B), 'policy'),
  ),
  lazy(`${table}: a client cannot add ${what}`, (w) => refused('', 'clientA', values(w.A), 'policy')),
  lazy(`${table}: the platform admin cannot add ${what}`, (w) => refused('', 'admin', values(w.A), 'policy')),
  ...whoMayDelete.map(([persona, predicate]) =>
    changes(`${table}: which rows ${persona} deletes`, persona, {
      table,
      key,
      statement: `delete from ${table}`,
      predicate,
    }),
  ),
]);
