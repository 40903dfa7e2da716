import { allowed, changes, lazy, refused, selectChecks, type Check } from './check.ts';
import type { PersonaName, PolicyWorld, SalonIds } from './world.ts';

const authenticated: PersonaName[] = ['clientA', 'clientB', 'merchantA', 'merchantB', 'admin'];
const grantOnlyToService = Object.fromEntries(authenticated.map((persona) => [persona, 'grant']));

/** Each merchant and each client by salon, with the salon's rows. */
const bySalon = (world: PolicyWorld, pick: (salon: SalonIds) => string) => ({
  A: pick(world.A),
  B: pick(world.B),
});

export const loyaltySelectChecks: Check[] = [
  ...selectChecks('app.platform_admins', (w) => ({ admin: `user_id = '${w.adminUserId}'` })),
  ...selectChecks('app.merchants', (w) => {
    const own = bySalon(w, (s) => `id = '${s.merchantId}'`);
    return { clientA: own.A, clientB: own.B, merchantA: own.A, merchantB: own.B, admin: 'true' };
  }),
  ...selectChecks('app.merchant_prefix_counter', () => ({}), grantOnlyToService),
  ...selectChecks('app.client_code_counters', () => ({}), grantOnlyToService),
  ...selectChecks('app.percentages', (w) => {
    const own = bySalon(w, (s) => `merchant_id = '${s.merchantId}'`);
    return { merchantA: own.A, merchantB: own.B, admin: 'true' };
  }),
  ...selectChecks('app.clients', (w) => {
    const own = bySalon(w, (s) => `merchant_id = '${s.merchantId}'`);
    const self = bySalon(w, (s) => `user_id = '${s.memberUserId}'`);
    return { clientA: self.A, clientB: self.B, merchantA: own.A, merchantB: own.B, admin: 'true' };
  }),
  ...['app.movements', 'app.credit_ledger'].flatMap((table) =>
    selectChecks(table, (w) => {
      const own = bySalon(w, (s) => `merchant_id = '${s.merchantId}'`);
      const self = bySalon(w, (s) => `client_id = '${s.memberId}'`);
      return { clientA: self.A, clientB: self.B, merchantA: own.A, merchantB: own.B, admin: 'true' };
    }),
  ),
  // Kept by triggers for Statistiche: each merchant reads her own clients' figures, nobody else.
  ...selectChecks('app.client_statistics', (w) => {
    const own = bySalon(w, (s) => `merchant_id = '${s.merchantId}'`);
    return { merchantA: own.A, merchantB: own.B };
  }),
];

const percentagesUpdate = (persona: PersonaName, predicate: (w: PolicyWorld) => string) =>
  changes(`app.percentages: which rows ${persona} updates`, persona, {
    table: 'app.percentages',
    key: 'merchant_id',
    statement: 'update app.percentages set personal = 9.5',
    changed: 'select merchant_id::text as k from app.percentages where personal = 9.5',
    predicate,
  });

const clientsUpdate = (persona: PersonaName, predicate: (w: PolicyWorld) => string) =>
  changes(`app.clients: which rows ${persona} updates`, persona, {
    table: 'app.clients',
    key: 'id',
    statement: `update app.clients set phone = '3999999999'`,
    changed: `select id::text as k from app.clients where phone = '3999999999'`,
    predicate,
  });

const movement = (w: PolicyWorld, salon: SalonIds, registeredBy: string) =>
  `insert into app.movements (merchant_id, client_id, spend, discount, registered_by)
   values ('${salon.merchantId}', '${salon.memberId}', 10, 0, '${registeredBy}')`;

const creditEntry = (salon: SalonIds) =>
  `insert into app.credit_ledger (merchant_id, client_id, kind, amount)
   values ('${salon.merchantId}', '${salon.memberId}', 'generation0', 1)`;

export const loyaltyWriteChecks: Check[] = [
  percentagesUpdate('merchantA', (w) => `merchant_id = '${w.A.merchantId}'`),
  percentagesUpdate('merchantB', (w) => `merchant_id = '${w.B.merchantId}'`),
  percentagesUpdate('clientA', () => 'false'),
  percentagesUpdate('admin', () => 'false'),
  clientsUpdate('clientA', (w) => `user_id = '${w.A.memberUserId}'`),
  clientsUpdate('clientB', (w) => `user_id = '${w.B.memberUserId}'`),
  clientsUpdate('merchantA', (w) => `merchant_id = '${w.A.merchantId}'`),
  clientsUpdate('admin', () => 'false'),
  refused(
    'app.clients: a client cannot write its own balance',
    'clientA',
    'update app.clients set available_credit = 1000',
    'grant',
  ),
  refused(
    'app.clients: a merchant cannot move a client to another sponsor',
    'merchantA',
    'update app.clients set sponsor_id = null',
    'grant',
  ),
  lazy('app.movements: a merchant registers a purchase of its own client', (w) =>
    allowed('', 'merchantA', movement(w, w.A, w.A.ownerUserId)),
  ),
  lazy('app.movements: a merchant cannot register a purchase at another salon', (w) =>
    refused('', 'merchantA', movement(w, w.B, w.A.ownerUserId), 'policy'),
  ),
  lazy('app.movements: a merchant cannot register a purchase in another user’s name', (w) =>
    refused('', 'merchantA', movement(w, w.A, w.B.ownerUserId), 'policy'),
  ),
  lazy('app.movements: a client cannot register its own purchase', (w) =>
    refused('', 'clientA', movement(w, w.A, w.A.memberUserId), 'policy'),
  ),
  lazy('app.movements: the platform admin cannot register a purchase', (w) =>
    refused('', 'admin', movement(w, w.A, w.adminUserId), 'policy'),
  ),
  lazy('app.credit_ledger: a merchant credits its own client', (w) =>
    allowed('', 'merchantA', creditEntry(w.A)),
  ),
  lazy('app.credit_ledger: a merchant cannot credit a client of another salon', (w) =>
    refused('', 'merchantA', creditEntry(w.B), 'policy'),
  ),
  lazy('app.credit_ledger: a client cannot credit itself', (w) =>
    refused('', 'clientA', creditEntry(w.A), 'policy'),
  ),
  lazy('app.credit_ledger: the platform admin cannot credit anyone', (w) =>
    refused('', 'admin', creditEntry(w.A), 'policy'),
  ),
];
