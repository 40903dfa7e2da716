import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';
import { useLiveQueries } from '@/lib/use-live-queries';

const myWaitlistSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      treatment_name: z.string(),
      operator_name: z.string(),
      from_day: z.string(),
      to_day: z.string(),
      period: z.string(),
    }),
  ),
  /** The freed slots told to her that have not started, soonest first. */
  offers: z.array(
    z.object({
      id: z.string(),
      treatment_id: z.string(),
      treatment_name: z.string(),
      operator_id: z.nullable(z.string()),
      date: z.string(),
      time: z.string(),
    }),
  ),
});

export type MyWaitlist = z.infer<typeof myWaitlistSchema>;
export type WaitlistOffer = MyWaitlist['offers'][number];

/** Her open waitlist entries at the salon and the freed slots told to her. */
async function getMyWaitlist(merchantSlug: string): Promise<MyWaitlist> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return myWaitlistSchema.parse(await callRpc('my_waitlist', { merchant_slug: slug }));
}

export const myWaitlistQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: [...bookingKey(merchantSlug), 'waitlist'],
    queryFn: () => getMyWaitlist(merchantSlug),
  });

export function useMyWaitlist(merchantSlug: string) {
  return useQuery(myWaitlistQueryOptions(merchantSlug));
}

/**
 * A slot told to her arrives live (RLS lets through only her own notices); with it the salon's free
 * times are read again, since the slot is free.
 */
export function useWatchWaitlistNotices(merchantSlug: string, clientId: string) {
  useLiveQueries({ table: 'waitlist_notices', event: 'INSERT', filter: `client_id=eq.${clientId}` }, [
    bookingKey(merchantSlug),
  ]);
}
