import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

/** How many requests wait for the salon's answer (the navigation's badge). */
async function getPendingCount(): Promise<number> {
  return callRpc('merchant_pending_count');
}

/** Under reservationsKey: every reservation change or action refreshes it with the lists. */
const pendingCountKey = [...reservationsKey, 'pending-count'] as const;

const pendingCountQueryOptions = (ask: boolean) =>
  queryOptions({ queryKey: pendingCountKey, queryFn: getPendingCount, enabled: ask });

/**
 * The count, asked on its own only while `ask`: on Prenotazioni every inbox page brings it
 * (`keepPendingCount`), so the screen sends one request.
 */
export function usePendingCount(ask = true) {
  return useQuery(pendingCountQueryOptions(ask));
}

/** Keeps the count an inbox page brought, for the badge and the tab. */
export function keepPendingCount(queryClient: QueryClient, pending: number) {
  queryClient.setQueryData(pendingCountKey, pending);
}
