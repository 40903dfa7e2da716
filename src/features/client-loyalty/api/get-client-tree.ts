import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { merchantSlugSchema } from '@/features/client-loyalty/api/get-client-profile';
import type { ReferralRow } from '@/features/client-loyalty/referral-tree';
import { callRpcAllRows } from '@/lib/rpc';

export const referralRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  display_name: z.string(),
  sponsor_id: z.string().nullable(),
  generation: z.number().int(),
});

/** The three generations below the customer at one salon: short names and codes only. */
export async function getClientTree(merchantSlug: string): Promise<ReferralRow[]> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return z
    .array(referralRowSchema)
    .parse(await callRpcAllRows<unknown>('client_tree', { merchant_slug: slug }));
}

export const clientTreeQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['client-loyalty', merchantSlug, 'tree'],
    queryFn: () => getClientTree(merchantSlug),
  });

export function useClientTree(merchantSlug: string) {
  return useQuery(clientTreeQueryOptions(merchantSlug));
}
