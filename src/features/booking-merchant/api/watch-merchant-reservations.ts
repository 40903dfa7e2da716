import { useMerchantProfile } from '@/features/booking-merchant/api/get-merchant-profile';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { useLiveQueries } from '@/lib/use-live-queries';

/** Keeps the salon's reservations and agenda live (RLS lets through only its own). */
export function useWatchMerchantReservations() {
  const merchantId = useMerchantProfile().data?.id;
  useLiveQueries(
    merchantId ? { table: 'reservations', event: '*', filter: `merchant_id=eq.${merchantId}` } : undefined,
    [reservationsKey],
  );
}
