import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import { clientCreditQueryOptions } from '@/features/client-loyalty/api/get-client-credit';
import { clientProfileQueryOptions } from '@/features/client-loyalty/api/get-client-profile';
import { clientPurchasesQueryOptions } from '@/features/client-loyalty/api/list-client-purchases';
import { chosenMembership, getCurrentMerchantSlug } from '@/lib/current-merchant';
import { prefetchOnce, queryClient } from '@/lib/query-client';

/** What each customer screen shows first, by its segment of /client/*, for the chosen salon. */
const screenQueries: Record<string, (merchantSlug: string) => Promise<void>> = {
  profile: (merchantSlug) => prefetchOnce(clientProfileQueryOptions(merchantSlug)),
  acquisti: (merchantSlug) => prefetchOnce(clientPurchasesQueryOptions(merchantSlug)),
  crediti: (merchantSlug) => prefetchOnce(clientCreditQueryOptions(merchantSlug)),
};

/**
 * Asks for the data of the screen being opened while the area's code downloads, so the screen first
 * shows with it (src/app/routes/area-route.tsx).
 */
export async function prefetchClientScreen(segment: string): Promise<void> {
  const prefetch = screenQueries[segment];
  if (!prefetch) return;
  // The salon chosen on this device is almost always still hers: asked for at once, beside whoami.
  const chosenSlug = getCurrentMerchantSlug();
  const early = chosenSlug ? prefetch(chosenSlug) : undefined;
  const whoami = await queryClient.fetchQuery(whoamiQueryOptions());
  const membership = chosenMembership(whoami.clients, chosenSlug);
  await (membership && membership.merchant_slug !== chosenSlug ? prefetch(membership.merchant_slug) : early);
}
