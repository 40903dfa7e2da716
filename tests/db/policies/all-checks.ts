import { bookingSelectChecks, bookingWriteChecks } from './booking-checks.ts';
import { calendarSelectChecks, calendarWriteChecks } from './calendar-checks.ts';
import { selectChecks, type Check } from './check.ts';
import { loyaltySelectChecks, loyaltyWriteChecks } from './loyalty-checks.ts';
import { privilegeChecks } from './privilege-checks.ts';
import { pushSubscriptionChecks } from './push-subscription-checks.ts';
import { storageChecks } from './storage-checks.ts';
import { waitlistChecks } from './waitlist-checks.ts';
import { widenedChecks } from './widened-checks.ts';

/** Every table-level check, by family, in the order the test file and the mutation script run them. */
export const checkFamilies: Record<string, Check[]> = {
  'privileges of anon, authenticated and service_role': privilegeChecks,
  'loyalty tables: what each persona reads': loyaltySelectChecks,
  'loyalty tables: what each persona writes': loyaltyWriteChecks,
  'booking tables: what each persona reads': bookingSelectChecks,
  'booking tables: what each persona writes': bookingWriteChecks,
  'calendar tables: what each persona reads': calendarSelectChecks,
  'calendar tables: what each persona writes': calendarWriteChecks,
  // Kept by triggers on movements for the campaign summaries: the platform admin alone reads them.
  'campaign tables: what each persona reads': selectChecks('app.merchant_daily_sales', () => ({
    admin: 'true',
  })),
  // Written only by definer functions (registration, the marketing toggle): clients read their own,
  // merchants those of their clients.
  'consent tables: what each persona reads': selectChecks('app.consents', (w) => ({
    clientA: `client_id = '${w.A.memberId}'`,
    clientB: `client_id = '${w.B.memberId}'`,
    merchantA: `merchant_id = '${w.A.merchantId}'`,
    merchantB: `merchant_id = '${w.B.merchantId}'`,
  })),
  // The confirmation of each new client's address (its link's hash): the service role's alone.
  'address confirmations: what each persona reads': selectChecks(
    'app.address_confirmations',
    () => ({}),
    Object.fromEntries(
      ['clientA', 'clientB', 'merchantA', 'merchantB', 'admin'].map((name) => [name, 'grant']),
    ),
  ),
  'push subscriptions: what each persona reads and deletes': pushSubscriptionChecks,
  'waitlist tables: what each persona reads and writes': waitlistChecks,
  'storage.objects in the buckets loghi and operatori': storageChecks,
  'update policies on their own, with every column granted': widenedChecks,
};
