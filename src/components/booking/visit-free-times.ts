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

/** A visit's totals and, for each start of the day where the whole sequence fits, every part's times ('HH:MM'). */
const visitFreeTimesSchema = z.object({
  minutes: z.number(),
  price: z.number(),
  times: z.array(
    z.object({
      time: z.string(),
      parts: z.array(z.object({ part: z.number(), starts: z.string(), ends: z.string() })),
    }),
  ),
});

type VisitFreeTimes = z.infer<typeof visitFreeTimesSchema>;

async function listVisitFreeTimes(input: VisitFreeTimesInput): Promise<VisitFreeTimes> {
  const { merchantSlug, parts, date } = visitFreeTimesInputSchema.parse(input);
  return visitFreeTimesSchema.parse(
    await callRpc('visit_free_times', {
      merchant_slug: merchantSlug,
      parts: visitPartsArgument(parts),
      date,
    }),
  );
}

const visitFreeTimesQueryOptions = (input: VisitFreeTimesInput) =>
  queryOptions({
    queryKey: [...bookingKey(input.merchantSlug), 'visit-free-times', input],
    queryFn: () => listVisitFreeTimes(input),
  });

const asked = (input: VisitFreeTimesInput) => input.parts.length >= 2 && Boolean(input.date);

/**
 * A visit's free times once its 2 to 4 treatments and the day are chosen, as one group under `period`
 * (none when the day has no room); idle before.
 */
export function useVisitFreeTimes(input: VisitFreeTimesInput, period: string) {
  return useQuery({
    ...visitFreeTimesQueryOptions(input),
    enabled: asked(input),
    select: ({ times }): FreeTimePeriod[] =>
      times.length > 0 ? [{ period, times: times.map((one) => one.time) }] : [],
  });
}

/** A visit as the database schedules it: its totals and, at the chosen time, each part's start. */
export interface VisitSchedule {
  /** Each part's start in the parts' order; none before a free time is chosen. */
  starts: string[];
  minutes: number;
  price: number;
}

/** The same answer read for the summary once the day is chosen (undefined before). */
export function useVisitSchedule(input: VisitFreeTimesInput, time: string) {
  return useQuery({
    ...visitFreeTimesQueryOptions(input),
    enabled: asked(input),
    select: ({ times, minutes, price }): VisitSchedule => ({
      starts: times.find((one) => one.time === time)?.parts.map((part) => part.starts) ?? [],
      minutes,
      price,
    }),
  }).data;
}
