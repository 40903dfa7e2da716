import { queryOptions, useQuery } from '@tanstack/react-query';
import { reservationRows, type ReservationRow } from '@/components/booking/reservation-row';
import { bookingKey, merchantSlugSchema } from '@/features/booking-client/api/schemas';
import { callRpcAllRows } from '@/lib/rpc';

/** The customer's own reservations at one salon. */
export async function listClientReservations(merchantSlug: string): Promise<ReservationRow[]> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return reservationRows(await callRpcAllRows('client_reservations', { merchant_slug: slug }));
}

export const clientReservationsQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: [...bookingKey(merchantSlug), 'reservations'],
    queryFn: () => listClientReservations(merchantSlug),
  });

export function useClientReservations(merchantSlug: string) {
  return useQuery(clientReservationsQueryOptions(merchantSlug));
}
