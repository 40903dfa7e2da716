import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpcAllRows, type RpcRow } from '@/lib/rpc';

/** One purchase; `date` is its calendar day in Europe/Rome, 'YYYY-MM-DD'. */
export type ClientPurchase = RpcRow<'client_purchases'>;

/** The customer's purchases at one salon, newest first. */
async function listClientPurchases(merchantSlug: string): Promise<ClientPurchase[]> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return callRpcAllRows('client_purchases', { merchant_slug: slug });
}

export const clientPurchasesQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['client-loyalty', merchantSlug, 'purchases'],
    queryFn: () => listClientPurchases(merchantSlug),
  });

export function useClientPurchases(merchantSlug: string) {
  return useQuery(clientPurchasesQueryOptions(merchantSlug));
}
