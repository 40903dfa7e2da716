import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpcAllRows, type RpcRow, type WithNullable } from '@/lib/rpc';

/** The operators column is jsonb, the one part of the row without a generated type. */
const treatmentOperatorsSchema = z.array(
  z.object({ id: z.string(), name: z.string(), image_url: z.nullable(z.string()) }),
);

export type BookableTreatment = Omit<
  WithNullable<RpcRow<'bookable_treatments'>, 'description'>,
  'operators'
> & {
  operators: z.infer<typeof treatmentOperatorsSchema>;
};

/** The salon's treatments with the operators who perform each. */
async function listBookableTreatments(merchantSlug: string): Promise<BookableTreatment[]> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  const rows = await callRpcAllRows('bookable_treatments', { merchant_slug: slug });
  return rows.map((row) => ({ ...row, operators: treatmentOperatorsSchema.parse(row.operators) }));
}

const bookableTreatmentsQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: [...bookingKey(merchantSlug), 'treatments'],
    queryFn: () => listBookableTreatments(merchantSlug),
  });

export function useBookableTreatments(merchantSlug: string) {
  return useQuery(bookableTreatmentsQueryOptions(merchantSlug));
}
