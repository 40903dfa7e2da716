import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { callRpc } from '@/lib/rpc';

export const getMerchantPublicInputSchema = z.object({ merchantSlug: z.string().check(z.minLength(1)) });

export const merchantPublicSchema = z.nullable(
  z.object({ slug: z.string(), name: z.string(), logo_url: z.nullish(z.string()) }),
);

export type MerchantPublic = NonNullable<z.infer<typeof merchantPublicSchema>>;

/** A salon's public face (name, logo) by slug, for anyone; null when no salon has that slug. */
async function getMerchantPublic(merchantSlug: string): Promise<MerchantPublic | null> {
  const input = getMerchantPublicInputSchema.parse({ merchantSlug });
  return merchantPublicSchema.parse(await callRpc('merchant_public', { merchant_slug: input.merchantSlug }));
}

export const merchantPublicQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['merchants', 'public', merchantSlug],
    queryFn: () => getMerchantPublic(merchantSlug),
    staleTime: 10 * 60_000,
  });

export function useMerchantPublic(merchantSlug: string) {
  return useQuery(merchantPublicQueryOptions(merchantSlug));
}
