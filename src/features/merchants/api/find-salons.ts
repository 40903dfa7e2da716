import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRpc, type RpcRow, type WithNullable } from '@/lib/rpc';

/** What api.find_salons accepts: it refuses fewer than 2 letters, so the screen never asks. */
export const salonSearchMinLength = 2;

export type FoundSalon = WithNullable<RpcRow<'find_salons'>, 'logo_url'>;

/** Up to 10 salons whose name contains `query`, for anyone (the home page's 'Trova il tuo centro'). */
async function findSalons(query: string): Promise<FoundSalon[]> {
  return callRpc('find_salons', { query });
}

const findSalonsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['merchants', 'find', query],
    queryFn: () => findSalons(query),
    enabled: query.length >= salonSearchMinLength,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useFindSalons(query: string) {
  return useQuery(findSalonsQueryOptions(query));
}
