import { queryOptions } from '@tanstack/react-query';
import { reservationRows, type ReservationRow } from '@/components/booking/reservation-row';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

/** The customer's next appointment at one salon, as the database picks it; null when none is planned. */
async function getNextAppointment(merchantSlug: string): Promise<ReservationRow | null> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  const [next] = reservationRows(await callRpc('client_next_appointment', { merchant_slug: slug }));
  return next ?? null;
}

export const nextAppointmentQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: [...bookingKey(merchantSlug), 'next-appointment'],
    queryFn: () => getNextAppointment(merchantSlug),
  });
