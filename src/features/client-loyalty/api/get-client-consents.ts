import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

const consentSchema = z.nullable(
  z.object({ granted: z.boolean(), notice_version: z.string(), recorded_at: z.string() }),
);

const clientConsentsSchema = z.object({
  privacy: consentSchema,
  marketing: consentSchema,
  notice_version: z.string(),
});

type ClientConsents = z.infer<typeof clientConsentsSchema>;

/** The customer's latest privacy and marketing consent at one salon. */
async function getClientConsents(merchantSlug: string): Promise<ClientConsents> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return clientConsentsSchema.parse(await callRpc('client_consents', { merchant_slug: slug }));
}

export const clientConsentsQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['client-loyalty', merchantSlug, 'consents'],
    queryFn: () => getClientConsents(merchantSlug),
  });

export function useClientConsents(merchantSlug: string) {
  return useQuery(clientConsentsQueryOptions(merchantSlug));
}
