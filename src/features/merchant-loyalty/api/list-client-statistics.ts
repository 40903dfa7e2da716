import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientStatisticsSchema } from '@/features/merchant-loyalty/api/get-statistics';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const clientStatisticsPageSchema = z.object({ total: numeric, clients: z.array(clientStatisticsSchema) });

type ClientStatisticsPage = z.infer<typeof clientStatisticsPageSchema>;

/** One page of the per-client figures (spec §9), by client code: the server never sends them all. */
async function listClientStatistics(page: number, pageSize: number): Promise<ClientStatisticsPage> {
  return clientStatisticsPageSchema.parse(
    await callRpc('merchant_client_statistics', { page, page_size: pageSize }),
  );
}

const clientStatisticsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...merchantLoyaltyKey, 'statistics', 'clients', page, pageSize],
    queryFn: () => listClientStatistics(page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useClientStatistics(page: number, pageSize: number) {
  return useQuery(clientStatisticsQueryOptions(page, pageSize));
}
