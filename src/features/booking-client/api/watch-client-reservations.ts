import { bookingKey } from '@/components/booking/booking-key';
import { useLiveQueries } from '@/lib/use-live-queries';

/** Keeps the customer's reservations and free times live (RLS lets through only the customer's own). */
export function useWatchClientReservations(merchantSlug: string, clientId: string) {
  useLiveQueries({ table: 'reservations', event: '*', filter: `client_id=eq.${clientId}` }, [
    bookingKey(merchantSlug),
  ]);
}
