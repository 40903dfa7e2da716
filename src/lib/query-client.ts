import { notifyManager, QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';

// A write's pending state reaches the screen in the same task as the tap, so its button is disabled
// before a second tap: by default TanStack Query tells the screen after a timer, and the second tap of
// a double tap comes first and sends the call again.
notifyManager.setScheduler(queueMicrotask);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx is an answer (forbidden, not found, invalid): asking again changes nothing.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: true,
    },
  },
});

/**
 * Asks for a query ahead of its screen, once, without the retries: the screen waits for it, and a
 * failure is the screen's own to show and retry.
 */
export function prefetchOnce<Data, Key extends QueryKey>(
  options: FetchQueryOptions<Data, Error, Data, Key>,
): Promise<void> {
  return queryClient.prefetchQuery({ ...options, retry: false });
}
