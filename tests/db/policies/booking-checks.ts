import { allowed, changes, lazy, refused, selectChecks, type Check } from './check.ts';
import type { PersonaName, PolicyWorld, SalonIds } from './world.ts';

const ofSalon = (salon: SalonIds) => `merchant_id = '${salon.merchantId}'`;

/** Operators, treatments and who performs them: each salon's merchant and clients, nobody else. */
const catalogueSelect = (table: string) =>
  selectChecks(table, (w) => ({
    clientA: ofSalon(w.A),
    clientB: ofSalon(w.B),
    merchantA: ofSalon(w.A),
    merchantB: ofSalon(w.B),
  }));

const reservationsSelect = (table: string) =>
  selectChecks(table, (w) => ({
    clientA: `client_id = '${w.A.memberId}'`,
    clientB: `client_id = '${w.B.memberId}'`,
    merchantA: ofSalon(w.A),
    merchantB: ofSalon(w.B),
  }));

const authenticated: PersonaName[] = ['clientA', 'clientB', 'merchantA', 'merchantB', 'admin'];
const grantOnlyToService = Object.fromEntries(authenticated.map((persona) => [persona, 'grant']));

export const bookingSelectChecks: Check[] = [
  // The e-mails to send: the sender's alone (service role), never a customer's or a salon's.
  ...selectChecks('app.notification_outbox', () => ({}), grantOnlyToService),
  ...catalogueSelect('app.operators'),
  ...catalogueSelect('app.treatments'),
  ...catalogueSelect('app.treatment_operators'),
  // Cabins and equipment: the salon's own alone.
  ...['app.resources', 'app.treatment_resources', 'app.resource_bookings'].flatMap((table) =>
    selectChecks(table, (w) => ({ merchantA: ofSalon(w.A), merchantB: ofSalon(w.B) })),
  ),
  ...reservationsSelect('app.reservations'),
  ...reservationsSelect('app.reservation_rows'),
];

const whoMayWrite: [PersonaName, (w: PolicyWorld) => string][] = [
  ['merchantA', (w) => ofSalon(w.A)],
  ['merchantB', (w) => ofSalon(w.B)],
  ['clientA', () => 'false'],
  ['admin', () => 'false'],
];

const inserts: [table: string, what: string, values: (salon: SalonIds) => string][] = [
  [
    'app.operators',
    'an operator',
    (s) => `insert into app.operators (merchant_id, name) values ('${s.merchantId}', 'Nuova')`,
  ],
  [
    'app.treatments',
    'a treatment',
    (s) =>
      `insert into app.treatments (merchant_id, name, description, duration_minutes, price)
       values ('${s.merchantId}', 'Nuovo', 'Descrizione', 30, 10)`,
  ],
  [
    'app.treatment_operators',
    'an operator to a treatment',
    (s) =>
      `insert into app.treatment_operators (merchant_id, treatment_id, operator_id)
       values ('${s.merchantId}', '${s.ciglia}', '${s.bea}')`,
  ],
  [
    'app.resources',
    'a resource',
    (s) => `insert into app.resources (merchant_id, name) values ('${s.merchantId}', 'Cabina')`,
  ],
  [
    'app.treatment_resources',
    'a resource to a treatment',
    (s) =>
      `insert into app.treatment_resources (merchant_id, treatment_id, resource_id)
       values ('${s.merchantId}', '${s.piega}', '${s.laser}')`,
  ],
];

const withoutAnna = (w: PolicyWorld) => `id not in ('${w.A.anna}', '${w.B.anna}')`;

const catalogueWrites: Check[] = inserts.flatMap(([table, what, values]) => [
  lazy(`${table}: a merchant adds ${what} of its own`, (w) => allowed('', 'merchantA', values(w.A))),
  lazy(`${table}: a merchant cannot add ${what} to another salon`, (w) =>
    refused('', 'merchantA', values(w.B), 'policy'),
  ),
  lazy(`${table}: a client cannot add ${what}`, (w) => refused('', 'clientA', values(w.A), 'policy')),
  lazy(`${table}: the platform admin cannot add ${what}`, (w) => refused('', 'admin', values(w.A), 'policy')),
  ...whoMayWrite.map(([persona, predicate]) =>
    table === 'app.operators'
      ? // Anna has confirmed appointments ahead, and an operator with those cannot go (see below).
        lazy(`${table}: which rows ${persona} deletes`, (w) =>
          changes('', persona, {
            table,
            key: 'id',
            statement: `delete from ${table} where ${withoutAnna(w)}`,
            predicate: (world) =>
              predicate(world) === 'false' ? 'false' : `${predicate(world)} and ${withoutAnna(world)}`,
          }),
        )
      : changes(`${table}: which rows ${persona} deletes`, persona, {
          table,
          key:
            table === 'app.treatment_operators'
              ? `treatment_id || '/' || operator_id`
              : table === 'app.treatment_resources'
                ? `treatment_id || '/' || resource_id`
                : 'id',
          statement: `delete from ${table}`,
          predicate,
        }),
  ),
]);

const operatorWithAppointments: Check = lazy(
  'app.operators: a merchant cannot delete an operator with confirmed appointments ahead',
  (w) =>
    refused(
      '',
      'merchantA',
      `delete from app.operators where id = '${w.A.anna}'`,
      "P0001: Impossibile eliminare: l'operatore ha 2 appuntamenti futuri confermati",
    ),
);

const operatorUpdates = whoMayWrite.map(([persona, predicate]) =>
  changes(`app.operators: which rows ${persona} renames`, persona, {
    table: 'app.operators',
    key: 'id',
    statement: `update app.operators set name = 'Rinominata'`,
    changed: `select id::text as k from app.operators where name = 'Rinominata'`,
    predicate,
  }),
);

const resourceUpdates = whoMayWrite.map(([persona, predicate]) =>
  changes(`app.resources: which rows ${persona} renames`, persona, {
    table: 'app.resources',
    key: 'id',
    statement: `update app.resources set name = 'Rinominata'`,
    changed: `select id::text as k from app.resources where name = 'Rinominata'`,
    predicate,
  }),
);

const treatmentUpdates = whoMayWrite.map(([persona, predicate]) =>
  changes(`app.treatments: which rows ${persona} updates`, persona, {
    table: 'app.treatments',
    key: 'id',
    statement: `update app.treatments set price = 99`,
    changed: `select id::text as k from app.treatments where price = 99`,
    predicate,
  }),
);

const reservation = (salon: SalonIds, status = 'in attesa', notes = '') =>
  `insert into app.reservations (merchant_id, client_id, treatment_id, treatment_name, operator_id,
     starts_at, ends_at, status, notes)
   values ('${salon.merchantId}', '${salon.memberId}', '${salon.piega}', 'Piega', '${salon.anna}',
     now() + interval '10 days', now() + interval '10 days 1 hour', '${status}', '${notes}')`;

/**
 * An update of the reservations, marked by its notes, and the rows it must reach. Without `from` it
 * has no WHERE; a status change names the state it starts from (the state machine refuses the others,
 * and a request whose start has passed is frozen), so the policies still decide whose rows it reaches.
 */
const reservationUpdate = (
  name: string,
  persona: PersonaName,
  status: string | null,
  predicate: (w: PolicyWorld) => string,
  from?: string,
) =>
  changes(`app.reservations: ${name}`, persona, {
    table: 'app.reservations',
    key: 'id',
    // Constant values only: reading a column would let the select policies filter the rows too.
    statement: `update app.reservations set ${status ? `status = '${status}', ` : ''}notes = 'Segnata'${
      from ? ` where status = '${from}' and starts_at > now()` : ''
    }`,
    changed: `select id::text as k from app.reservations where notes = 'Segnata'`,
    // Confirming asks the salon's opening hours; the fixture's would refuse the hour the rows have.
    before: from ? 'delete from app.opening_hours' : undefined,
    predicate: (w) => (from ? `${predicate(w)} and status = '${from}' and starts_at > now()` : predicate(w)),
  });

/** A merchant answers its pending requests and cancels its confirmed appointments. */
const answerableOf = (salon: SalonIds) => `${ofSalon(salon)} and status in ('in attesa', 'confermata')`;
/** A client answers its modified requests and cancels its pending, modified and confirmed ones. */
const answerableFor = (salon: SalonIds) =>
  `client_id = '${salon.memberId}' and status in ('in attesa', 'modificata', 'confermata')`;

const deletableOf = (salon: SalonIds) =>
  `client_id = '${salon.memberId}'
   and (status = 'rifiutata' or (status = 'confermata' and starts_at < now() - interval '90 minutes'))`;

const reservationWrites: Check[] = [
  lazy('app.reservations: a client books for itself, pending and without notes', (w) =>
    allowed('', 'clientA', reservation(w.A)),
  ),
  lazy('app.reservations: a client cannot book for a client of another salon', (w) =>
    refused('', 'clientA', reservation(w.B), 'policy'),
  ),
  lazy('app.reservations: a client cannot book an already confirmed reservation', (w) =>
    refused('', 'clientA', reservation(w.A, 'confermata'), 'policy'),
  ),
  lazy('app.reservations: a client cannot book with a note', (w) =>
    refused('', 'clientA', reservation(w.A, 'in attesa', 'Nota'), 'policy'),
  ),
  lazy('app.reservations: a merchant cannot book for its client', (w) =>
    refused('', 'merchantA', reservation(w.A), 'policy'),
  ),
  lazy('app.reservations: the platform admin cannot book', (w) =>
    refused('', 'admin', reservation(w.A), 'policy'),
  ),
  reservationUpdate('a merchant answers only its own pending and confirmed ones', 'merchantA', null, (w) =>
    answerableOf(w.A),
  ),
  reservationUpdate('the other merchant answers only its own', 'merchantB', null, (w) => answerableOf(w.B)),
  reservationUpdate(
    'a merchant rejects only its own pending ones',
    'merchantA',
    'rifiutata',
    (w) => ofSalon(w.A),
    'in attesa',
  ),
  reservationUpdate(
    'a merchant cancels only its own confirmed ones',
    'merchantA',
    'annullata',
    (w) => ofSalon(w.A),
    'confermata',
  ),
  reservationUpdate(
    'a client answers only its own pending, modified and confirmed ones',
    'clientA',
    null,
    (w) => answerableFor(w.A),
  ),
  reservationUpdate(
    'a client accepts only its own modified ones',
    'clientA',
    'confermata',
    (w) => `client_id = '${w.A.memberId}'`,
    'modificata',
  ),
  reservationUpdate(
    'a client cancels only its own pending ones',
    'clientA',
    'annullata',
    (w) => `client_id = '${w.A.memberId}'`,
    'in attesa',
  ),
  reservationUpdate('the other client answers only its own', 'clientB', null, (w) => answerableFor(w.B)),
  refused(
    'app.reservations: a request whose start has passed is frozen',
    'merchantA',
    `update app.reservations set status = 'rifiutata' where status = 'in attesa' and starts_at < now()`,
    "P0001: La richiesta è scaduta: l'orario richiesto è già passato",
  ),
  reservationUpdate('the platform admin answers none', 'admin', null, () => 'false'),
  // The state machine holds on the table too, whoever the policies let through.
  refused(
    'app.reservations: a client cannot send a modified reservation back to pending',
    'clientA',
    `update app.reservations set status = 'in attesa'`,
    "P0001: Passaggio di stato non consentito: da 'modificata' a 'in attesa'",
  ),
  refused(
    'app.reservations: a client cannot move the time of a modified reservation',
    'clientA',
    `update app.reservations set starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour'`,
    'P0001: Data e ora cambiano solo con una modifica del commerciante',
  ),
  refused(
    'app.reservations: a merchant moves a time only by modifying the reservation',
    'merchantA',
    `update app.reservations set starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour'`,
    'P0001: Data e ora cambiano solo con una modifica del commerciante',
  ),
  refused(
    'app.reservations: a client cannot move a reservation to another merchant',
    'clientA',
    'update app.reservations set merchant_id = null',
    'grant',
  ),
  refused(
    'app.reservations: a merchant cannot give a reservation to another client',
    'merchantA',
    'update app.reservations set client_id = null',
    'grant',
  ),
  // Deletable: the member's rejected one and its confirmed one of 2 hours ago; not the confirmed ones
  // of 30 minutes ago and in 3 days, the pending ones (one started 2 days ago), the modified one, nor
  // the friend's rejected one.
  ...(
    [
      ['clientA', (w) => deletableOf(w.A)],
      ['clientB', (w) => deletableOf(w.B)],
      ['merchantA', () => 'false'],
      ['admin', () => 'false'],
    ] as [PersonaName, (w: PolicyWorld) => string][]
  ).map(([persona, predicate]) =>
    changes(`app.reservations: which rows ${persona} deletes`, persona, {
      table: 'app.reservations',
      key: 'id',
      statement: 'delete from app.reservations',
      predicate,
    }),
  ),
];

export const bookingWriteChecks: Check[] = [
  ...catalogueWrites,
  operatorWithAppointments,
  ...operatorUpdates,
  ...resourceUpdates,
  ...treatmentUpdates,
  ...reservationWrites,
];
