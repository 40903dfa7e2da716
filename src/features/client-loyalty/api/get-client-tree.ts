import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import type { ReferralRow } from '@/features/client-loyalty/referral-tree';
import { callRpcAllRows } from '@/lib/rpc';

/** The three generations below the customer at one salon: short names and codes only. */
export async function getClientTree(merchantSlug: string): Promise<ReferralRow[]> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return callRpcAllRows('client_tree', { merchant_slug: slug });
}

export const clientTreeQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['client-loyalty', merchantSlug, 'tree'],
    queryFn: () => getClientTree(merchantSlug),
  });

export function useClientTree(merchantSlug: string) {
  return useQuery(clientTreeQueryOptions(merchantSlug));
}
