import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { treeClientsFromColumns, type TreeClient } from '@/lib/client-tree-columns';
import { callRpc } from '@/lib/rpc';

export type { TreeClient } from '@/lib/client-tree-columns';

export const getClientTreeInputSchema = z.object({ merchantSlug: z.string().min(1) });

/** Every client of a merchant with its sponsor and generation (0 = root), as a flat list; one request (platform admin only). */
export async function getClientTree(merchantSlug: string): Promise<TreeClient[]> {
  const input = getClientTreeInputSchema.parse({ merchantSlug });
  return treeClientsFromColumns(
    await callRpc('admin_client_tree_columns', { merchant_slug: input.merchantSlug }),
  );
}

export const clientTreeQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['admin', 'client-tree', merchantSlug],
    queryFn: () => getClientTree(merchantSlug),
    enabled: merchantSlug !== '',
  });

export function useClientTree(merchantSlug: string) {
  return useQuery(clientTreeQueryOptions(merchantSlug));
}
