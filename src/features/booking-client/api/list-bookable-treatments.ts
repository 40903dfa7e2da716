import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bookingKey, merchantSlugSchema, numeric } from '@/features/booking-client/api/schemas';
import { callRpcAllRows } from '@/lib/rpc';

export const bookableTreatmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  duration_minutes: numeric,
  price: numeric,
  operators: z.array(z.object({ id: z.string(), name: z.string(), image_url: z.string().nullable() })),
});

export type BookableTreatment = z.infer<typeof bookableTreatmentSchema>;

/** The salon's treatments with the operators who perform each. */
export async function listBookableTreatments(merchantSlug: string): Promise<BookableTreatment[]> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return z
    .array(bookableTreatmentSchema)
    .parse(await callRpcAllRows('bookable_treatments', { merchant_slug: slug }));
}

export const bookableTreatmentsQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: [...bookingKey(merchantSlug), 'treatments'],
    queryFn: () => listBookableTreatments(merchantSlug),
  });

export function useBookableTreatments(merchantSlug: string) {
  return useQuery(bookableTreatmentsQueryOptions(merchantSlug));
}
