import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bookingKey, merchantSlugSchema } from '@/features/booking-client/api/schemas';
import { callRpcAllRows } from '@/lib/rpc';

export const bookingDaySchema = z.object({ date: z.string(), closed: z.boolean() });

export type BookingDay = z.infer<typeof bookingDaySchema>;

/** The 30 bookable days from today (Rome), each saying whether the salon is closed. */
export async function listBookingDays(merchantSlug: string): Promise<BookingDay[]> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return z
    .array(bookingDaySchema)
    .parse(await callRpcAllRows<unknown>('booking_days', { merchant_slug: slug }));
}

export const bookingDaysQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: [...bookingKey(merchantSlug), 'days'],
    queryFn: () => listBookingDays(merchantSlug),
  });

export function useBookingDays(merchantSlug: string) {
  return useQuery(bookingDaysQueryOptions(merchantSlug));
}
