import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

const salonWhatsappSchema = z.object({
  url: z.optional(z.string()),
  missing_reason: z.optional(z.string()),
});

export type SalonWhatsapp = z.infer<typeof salonWhatsappSchema>;

/** The wa.me link to write to the salon from the customer's phone, or why there is none. */
export async function getSalonWhatsapp(merchantSlug: string): Promise<SalonWhatsapp> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return salonWhatsappSchema.parse(await callRpc('salon_whatsapp', { merchant_slug: slug }));
}

export const salonWhatsappQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: [...bookingKey(merchantSlug), 'salon-whatsapp'],
    queryFn: () => getSalonWhatsapp(merchantSlug),
    staleTime: Infinity,
  });

export function useSalonWhatsapp(merchantSlug: string) {
  return useQuery(salonWhatsappQueryOptions(merchantSlug));
}
