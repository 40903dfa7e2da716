import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { exactAmount } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const clientProfileSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  available_credit: exactAmount,
  merchant_slug: z.string(),
  merchant_name: z.string(),
  referral_link_path: z.string(),
});

export type ClientProfile = z.infer<typeof clientProfileSchema>;

/** The signed-in customer's membership at one salon; null when the database has no such profile. */
async function getClientProfile(merchantSlug: string): Promise<ClientProfile | null> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return z.nullable(clientProfileSchema).parse(await callRpc('client_profile', { merchant_slug: slug }));
}

export const clientProfileQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['client-loyalty', merchantSlug, 'profile'],
    queryFn: () => getClientProfile(merchantSlug),
  });

export function useClientProfile(merchantSlug: string) {
  return useQuery(clientProfileQueryOptions(merchantSlug));
}
