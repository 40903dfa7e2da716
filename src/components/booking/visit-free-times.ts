import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc, type RpcRow } from '@/lib/rpc';

type FreeTimePeriod = RpcRow<'free_time_periods'>;

/** One treatment of a visit: its operator, or null for no preference. */
export const visitPartSchema = z.object({
  treatmentId: z.string().check(z.minLength(1)),
  operatorId: z.nullable(z.string().check(z.minLength(1))),
});

export type VisitPart = z.infer<typeof visitPartSchema>;

const visitFreeTimesInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  parts: z.array(visitPartSchema).check(z.minLength(2), z.maxLength(4)),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
});

type VisitFreeTimesInput = z.input<typeof visitFreeTimesInputSchema>;

/** The parts as the database reads them. */
export const visitPartsArgument = (parts: VisitPart[]) =>
  parts.map((part) => ({ treatment_id: part.treatmentId, operator_id: part.operatorId }));

/** The start times of a day where the whole sequence of treatments fits. */
async function listVisitFreeTimes(input: VisitFreeTimesInput): Promise<string[]> {
  const { merchantSlug, parts, date } = visitFreeTimesInputSchema.parse(input);
  return callRpc('visit_free_times', { merchant_slug: merchantSlug, parts: visitPartsArgument(parts), date });
}

const visitFreeTimesQueryOptions = (input: VisitFreeTimesInput) =>
  queryOptions({
    queryKey: [...bookingKey(input.merchantSlug), 'visit-free-times', input],
    queryFn: () => listVisitFreeTimes(input),
  });

/**
 * A visit's free times once its 2 to 4 treatments and the day are chosen, as one group under `period`
 * (none when the day has no room); idle before.
 */
export function useVisitFreeTimes(input: VisitFreeTimesInput, period: string) {
  return useQuery({
    ...visitFreeTimesQueryOptions(input),
    enabled: input.parts.length >= 2 && Boolean(input.date),
    select: (times): FreeTimePeriod[] => (times.length > 0 ? [{ period, times }] : []),
  });
}
