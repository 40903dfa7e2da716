import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { TreeClient } from '@/components/client-tree/client-hierarchy';
import { treeClientsFromDocument } from '@/components/client-tree/client-tree-document';
import { callRpc } from '@/lib/rpc';

const getClientTreeInputSchema = z.object({ merchantSlug: z.string().check(z.minLength(1)) });

/** Every client of a merchant with its sponsor and generation (0 = root), as a flat list; one request (platform admin only). */
export async function getClientTree(merchantSlug: string): Promise<TreeClient[]> {
  const input = getClientTreeInputSchema.parse({ merchantSlug });
  return treeClientsFromDocument(
    await callRpc('admin_client_tree_compact', { merchant_slug: input.merchantSlug }),
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
