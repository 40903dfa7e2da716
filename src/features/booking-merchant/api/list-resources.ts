import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { callRpcAllRows, type RpcRow } from '@/lib/rpc';

export type Resource = RpcRow<'list_resources'>;

/** The salon's cabins and equipment, with the treatments that need each. */
async function listResources(): Promise<Resource[]> {
  return callRpcAllRows('list_resources');
}

export const resourcesQueryOptions = () =>
  queryOptions({ queryKey: [...settingsKey, 'resources'], queryFn: listResources });

export function useResources() {
  return useQuery(resourcesQueryOptions());
}
