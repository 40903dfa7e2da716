import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { amountSchema, merchantSlugSchema } from '@/features/client-loyalty/api/get-client-profile';
import { callRpcAllRows } from '@/lib/rpc';

export const clientPurchaseSchema = z.object({
  id: z.string(),
  /** The purchase's calendar date in Europe/Rome, 'YYYY-MM-DD'. */
  date: z.string(),
  spend: amountSchema,
  discount: amountSchema,
  net: amountSchema,
  created_at: z.string(),
});

export type ClientPurchase = z.infer<typeof clientPurchaseSchema>;

/** The customer's purchases at one salon, newest first. */
export async function listClientPurchases(merchantSlug: string): Promise<ClientPurchase[]> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return z
    .array(clientPurchaseSchema)
    .parse(await callRpcAllRows<unknown>('client_purchases', { merchant_slug: slug }));
}

export const clientPurchasesQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['client-loyalty', merchantSlug, 'purchases'],
    queryFn: () => listClientPurchases(merchantSlug),
  });

export function useClientPurchases(merchantSlug: string) {
  return useQuery(clientPurchasesQueryOptions(merchantSlug));
}
