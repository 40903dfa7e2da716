import { useQueryClient } from '@tanstack/react-query';
import { useMerchantProfile } from '@/features/booking-merchant/api/get-merchant-profile';
import { refreshAfterReservationChange } from '@/features/booking-merchant/api/refresh-inbox-rows';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { useLiveQueries, type LiveChange } from '@/lib/use-live-queries';

/** The changed reservation's id and start, from the new row (or, for a deletion, the old one's id). */
function changedReservation(change: LiveChange) {
  const row: Record<string, unknown> = 'id' in change.new ? change.new : change.old;
  const id = typeof row.id === 'string' ? row.id : undefined;
  const startsAt = typeof row.starts_at === 'string' ? row.starts_at : null;
  return id ? { id, startsAt } : undefined;
}

/**
 * Keeps the salon's reservations and agenda live (RLS lets through only its own): a change reads
 * again the inbox pages it touches, never the whole history, and the badge's count and the agenda.
 */
export function useWatchMerchantReservations() {
  const queryClient = useQueryClient();
  const merchantId = useMerchantProfile().data?.id;
  useLiveQueries(
    merchantId ? { table: 'reservations', event: '*', filter: `merchant_id=eq.${merchantId}` } : undefined,
    [reservationsKey],
    (change) => {
      const changed = changedReservation(change);
      return changed
        ? refreshAfterReservationChange(queryClient, changed)
        : queryClient.invalidateQueries({ queryKey: reservationsKey });
    },
  );
}
