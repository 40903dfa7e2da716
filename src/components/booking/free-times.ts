import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

const freeTimesInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  treatmentId: z.string().check(z.minLength(1)),
  /** null: no preference, any operator who performs the treatment. */
  operatorId: z.nullable(z.string().check(z.minLength(1))),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
});

type FreeTimesInput = z.input<typeof freeTimesInputSchema>;

/** Shared by Prenota and the salon's modify dialog: the start times still free for a treatment on a day, 'HH:MM', on the database's grid. */
async function listFreeTimes(input: FreeTimesInput): Promise<string[]> {
  const { merchantSlug, treatmentId, operatorId, date } = freeTimesInputSchema.parse(input);
  const times = await callRpc('free_times', {
    merchant_slug: merchantSlug,
    treatment_id: treatmentId,
    operator_id: operatorId,
    date,
  });
  return times.map((time) => time.slice(0, 5));
}

const freeTimesQueryOptions = (input: FreeTimesInput) =>
  queryOptions({
    queryKey: [...bookingKey(input.merchantSlug), 'free-times', input],
    queryFn: () => listFreeTimes(input),
  });

/** Free times once treatment and date are chosen; idle before. */
export function useFreeTimes(input: Partial<FreeTimesInput> & { merchantSlug: string }) {
  const { treatmentId, date } = input;
  const ready = Boolean(treatmentId && date);
  return useQuery({
    ...freeTimesQueryOptions({
      merchantSlug: input.merchantSlug,
      treatmentId: treatmentId ?? '',
      operatorId: input.operatorId ?? null,
      date: date ?? '',
    }),
    enabled: ready,
  });
}
