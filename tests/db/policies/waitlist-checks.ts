import { lazy, refused, selectChecks, type Check } from './check.ts';
import type { PersonaName, PolicyWorld } from './world.ts';

const ownEntries = (w: PolicyWorld) => ({
  clientA: `client_id = '${w.A.memberId}'`,
  clientB: `client_id = '${w.B.memberId}'`,
  merchantA: `merchant_id = '${w.A.merchantId}'`,
  merchantB: `merchant_id = '${w.B.merchantId}'`,
});

const ownNotices = (w: PolicyWorld) => ({
  clientA: `client_id = '${w.A.memberId}'`,
  clientB: `client_id = '${w.B.memberId}'`,
});

const writers: PersonaName[] = ['clientA', 'merchantA', 'admin'];

/**
 * The waitlist: a customer reads her entries and the freed slots told to her, the salon its entries;
 * nobody writes either table but the api functions and the reservations trigger (definer).
 */
export const waitlistChecks: Check[] = [
  ...selectChecks('app.waitlist_entries', ownEntries),
  ...selectChecks('app.waitlist_notices', ownNotices),
  ...writers.flatMap((persona) => [
    lazy(`app.waitlist_entries: ${persona} cannot insert an entry`, (w) =>
      refused(
        '',
        persona,
        `insert into app.waitlist_entries (merchant_id, client_id, treatment_id, from_day, to_day, period)
         values ('${w.A.merchantId}', '${w.A.memberId}', '${w.A.piega}', current_date, current_date, 'Sera')`,
        'grant',
      ),
    ),
    refused(
      `app.waitlist_entries: ${persona} cannot update`,
      persona,
      'update app.waitlist_entries set left_at = now()',
      'grant',
    ),
    refused(
      `app.waitlist_entries: ${persona} cannot delete`,
      persona,
      'delete from app.waitlist_entries',
      'grant',
    ),
    refused(
      `app.waitlist_notices: ${persona} cannot delete`,
      persona,
      'delete from app.waitlist_notices',
      'grant',
    ),
  ]),
];
