import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

const waitlistSchema = z.array(
  z.object({
    id: z.string(),
    client_name: z.string(),
    treatment_name: z.string(),
    operator_name: z.string(),
    period: z.string(),
  }),
);

export type MerchantWaitlistEntry = z.infer<typeof waitlistSchema>[number];

/** The customers waiting for a slot on one day, by part of the day, then in order of joining. */
async function getMerchantWaitlist(day: string): Promise<MerchantWaitlistEntry[]> {
  return waitlistSchema.parse(await callRpc('merchant_waitlist', { day }));
}

const merchantWaitlistQueryOptions = (day: string) =>
  queryOptions({
    queryKey: [...reservationsKey, 'waitlist', day],
    queryFn: () => getMerchantWaitlist(day),
  });

export function useMerchantWaitlist(day: string) {
  return useQuery(merchantWaitlistQueryOptions(day));
}
