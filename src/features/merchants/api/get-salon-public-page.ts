import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getMerchantPublicInputSchema } from '@/features/merchants/api/get-merchant-public';
import { callRpc } from '@/lib/rpc';

const hoursSchema = z.object({ weekday: z.number(), opens: z.string(), closes: z.string() });

export const salonPublicPageSchema = z.nullable(
  z.object({
    slug: z.string(),
    name: z.string(),
    logo_url: z.nullish(z.string()),
    address: z.nullish(z.string()),
    phone: z.string(),
    opening_hours: z.array(hoursSchema),
    closures: z.array(z.object({ day: z.string(), reason: z.nullish(z.string()) })),
    treatments: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        duration_minutes: z.number(),
        price: z.number(),
      }),
    ),
    operators: z.array(z.object({ name: z.string(), image_url: z.nullish(z.string()) })),
  }),
);

export type SalonPublicPage = NonNullable<z.infer<typeof salonPublicPageSchema>>;
export type SalonTreatment = SalonPublicPage['treatments'][number];
export type OpeningHours = z.infer<typeof hoursSchema>;

/** A salon's public page (its face, contacts, hours, treatments, staff) for anyone; null when no salon has that slug. */
export async function getSalonPublicPage(merchantSlug: string): Promise<SalonPublicPage | null> {
  const input = getMerchantPublicInputSchema.parse({ merchantSlug });
  return salonPublicPageSchema.parse(
    await callRpc('salon_public_page', { merchant_slug: input.merchantSlug }),
  );
}

export const salonPublicPageQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['merchants', 'public-page', merchantSlug],
    queryFn: () => getSalonPublicPage(merchantSlug),
    staleTime: 5 * 60_000,
  });

export function useSalonPublicPage(merchantSlug: string) {
  return useQuery(salonPublicPageQueryOptions(merchantSlug));
}
