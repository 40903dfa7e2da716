import { changes, selectChecks, type Check } from './check.ts';
import type { PersonaName, PolicyWorld } from './world.ts';

const own: [PersonaName, (w: PolicyWorld) => string][] = [
  ['clientA', (w) => `user_id = '${w.A.memberUserId}'`],
  ['clientB', (w) => `user_id = '${w.B.memberUserId}'`],
  ['merchantA', (w) => `user_id = '${w.A.ownerUserId}'`],
  ['merchantB', (w) => `user_id = '${w.B.ownerUserId}'`],
  ['admin', () => 'false'],
];

/** A person's phones are hers alone: nobody else reads or deletes them (the salon neither). */
export const pushSubscriptionChecks: Check[] = [
  ...selectChecks('app.push_subscriptions', (w) =>
    Object.fromEntries(own.map(([persona, predicate]) => [persona, predicate(w)])),
  ),
  ...own.map(([persona, predicate]) =>
    changes(`app.push_subscriptions: which rows ${persona} deletes`, persona, {
      table: 'app.push_subscriptions',
      key: 'id',
      statement: 'delete from app.push_subscriptions',
      predicate,
    }),
  ),
];
