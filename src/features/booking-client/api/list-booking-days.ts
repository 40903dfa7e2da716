import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpcAllRows, type RpcRow } from '@/lib/rpc';

export type BookingDay = RpcRow<'booking_days'>;

/** The 30 bookable days from today (Rome), each saying whether the salon is closed. */
async function listBookingDays(merchantSlug: string): Promise<BookingDay[]> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return callRpcAllRows('booking_days', { merchant_slug: slug });
}

const bookingDaysQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: [...bookingKey(merchantSlug), 'days'],
    queryFn: () => listBookingDays(merchantSlug),
  });

export function useBookingDays(merchantSlug: string) {
  return useQuery(bookingDaysQueryOptions(merchantSlug));
}
