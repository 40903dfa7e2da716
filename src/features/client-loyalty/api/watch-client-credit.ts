import { clientCreditQueryOptions } from '@/features/client-loyalty/api/get-client-credit';
import { clientProfileQueryOptions } from '@/features/client-loyalty/api/get-client-profile';
import { clientPurchasesQueryOptions } from '@/features/client-loyalty/api/list-client-purchases';
import { useLiveQueries } from '@/lib/use-live-queries';

/**
 * Keeps the credit live: each change of the customer's own row makes the credit, profile and
 * purchases be read again from the database; the browser never computes a balance.
 */
export function useWatchClientCredit(merchantSlug: string, clientId: string | undefined) {
  useLiveQueries(
    clientId ? { table: 'clients', event: 'UPDATE', filter: `id=eq.${clientId}` } : undefined,
    [clientCreditQueryOptions, clientProfileQueryOptions, clientPurchasesQueryOptions].map(
      (options) => options(merchantSlug).queryKey,
    ),
  );
}
