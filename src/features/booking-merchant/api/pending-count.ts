import { queryOptions, useQuery } from '@tanstack/react-query';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

/** How many requests wait for the salon's answer (the navigation's badge). */
async function getPendingCount(): Promise<number> {
  return callRpc('merchant_pending_count');
}

/** Under reservationsKey: every reservation change or action refreshes it with the lists. */
const pendingCountQueryOptions = () =>
  queryOptions({ queryKey: [...reservationsKey, 'pending-count'], queryFn: getPendingCount });

export function usePendingCount() {
  return useQuery(pendingCountQueryOptions());
}
