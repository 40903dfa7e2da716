import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bookingKey, merchantSlugSchema } from '@/features/booking-client/api/schemas';
import { callRpc } from '@/lib/rpc';

/** The 30 days from today (Rome) a customer may book, 'YYYY-MM-DD'. */
export async function listBookingDates(merchantSlug: string): Promise<string[]> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return z.array(z.string()).parse((await callRpc<unknown>('booking_dates', { merchant_slug: slug })) ?? []);
}

export const bookingDatesQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: [...bookingKey(merchantSlug), 'dates'],
    queryFn: () => listBookingDates(merchantSlug),
  });

export function useBookingDates(merchantSlug: string) {
  return useQuery(bookingDatesQueryOptions(merchantSlug));
}
