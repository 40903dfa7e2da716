import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRpc } from '@/lib/rpc';
import { whoamiSchema } from '@/lib/whoami';

/** A customer of other salons signed in on this device: who she is there. */
export interface SignedInCustomer {
  email: string | null;
  /** The name she gave at her first salon, given again when she joins this one. */
  name: string;
}

/**
 * The signed-in account when it is a customer of other salons but not of `merchantSlug` (api.whoami):
 * she may join this salon with it. Null when signed out, staff, or already a client here.
 */
export async function getSignedInCustomer(merchantSlug: string): Promise<SignedInCustomer | null> {
  const whoami = whoamiSchema.parse(await callRpc('whoami'));
  const first = whoami.clients[0];
  if (!first || whoami.merchant || whoami.is_platform_admin) return null;
  if (whoami.clients.some((client) => client.merchant_slug === merchantSlug)) return null;
  return { email: whoami.email, name: first.name };
}

export const signedInCustomerQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['registration', merchantSlug, 'signed-in-customer'],
    queryFn: () => getSignedInCustomer(merchantSlug),
    staleTime: 0,
  });

export function useSignedInCustomer(merchantSlug: string) {
  return useQuery(signedInCustomerQueryOptions(merchantSlug));
}
