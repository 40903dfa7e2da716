import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpcAllRows, type RpcRow } from '@/lib/rpc';

const freeTimePeriodsInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  treatmentId: z.string().check(z.minLength(1)),
  /** null: no preference, any operator who performs the treatment. */
  operatorId: z.nullable(z.string().check(z.minLength(1))),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
});

type FreeTimePeriodsInput = z.input<typeof freeTimePeriodsInputSchema>;

export type FreeTimePeriod = RpcRow<'free_time_periods'>;

/** The free start times of a day, grouped 'Mattina' / 'Pomeriggio' / 'Sera' by the database. */
async function listFreeTimePeriods(input: FreeTimePeriodsInput): Promise<FreeTimePeriod[]> {
  const { merchantSlug, treatmentId, operatorId, date } = freeTimePeriodsInputSchema.parse(input);
  return callRpcAllRows('free_time_periods', {
    merchant_slug: merchantSlug,
    treatment_id: treatmentId,
    operator_id: operatorId,
    date,
  });
}

const freeTimePeriodsQueryOptions = (input: FreeTimePeriodsInput) =>
  queryOptions({
    queryKey: [...bookingKey(input.merchantSlug), 'free-time-periods', input],
    queryFn: () => listFreeTimePeriods(input),
  });

/** Free times once treatment and day are chosen; idle before. */
export function useFreeTimePeriods(input: Partial<FreeTimePeriodsInput> & { merchantSlug: string }) {
  const { treatmentId = '', date = '' } = input;
  return useQuery({
    ...freeTimePeriodsQueryOptions({
      merchantSlug: input.merchantSlug,
      treatmentId,
      operatorId: input.operatorId ?? null,
      date,
    }),
    enabled: Boolean(treatmentId && date),
  });
}
