import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingMerchantKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

const merchantProfileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  /** The salon's logo, null until one is uploaded. */
  logo_url: z.nullish(z.string()),
});

type MerchantProfile = z.infer<typeof merchantProfileSchema>;

/** The signed-in merchant's id (the folder of its operators' photos, the live filter), slug and logo. */
export async function getMerchantProfile(): Promise<MerchantProfile> {
  return merchantProfileSchema.parse(await callRpc('merchant_profile'));
}

export const merchantProfileQueryOptions = () =>
  queryOptions({
    queryKey: [...bookingMerchantKey, 'profile'],
    queryFn: getMerchantProfile,
    staleTime: Infinity,
  });

export function useMerchantProfile() {
  return useQuery(merchantProfileQueryOptions());
}
