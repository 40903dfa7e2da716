import { queryOptions, useQuery } from '@tanstack/react-query';
import { treeClientsFromDocument } from '@/components/client-tree/client-tree-document';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { callRpc } from '@/lib/rpc';

/** Every client of the merchant with its sponsor and generation (0 = root), as a flat list; one request. */
export async function getClientTree() {
  return treeClientsFromDocument(await callRpc('merchant_client_tree_compact'));
}

export const clientTreeQueryOptions = () =>
  queryOptions({ queryKey: [...merchantLoyaltyKey, 'client-tree'], queryFn: getClientTree });

export function useClientTree() {
  return useQuery(clientTreeQueryOptions());
}
