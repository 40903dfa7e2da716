import { QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';

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
