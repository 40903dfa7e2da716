import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callRpcAllRows } from '@/lib/rpc';

export const getClientTreeInputSchema = z.object({ merchantSlug: z.string().min(1) });

export const treeClientSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sponsor_id: z.string().nullable(),
  generation: z.number().int(),
});

export type TreeClient = z.infer<typeof treeClientSchema>;

/** Every client of a merchant with its sponsor and generation (0 = root), as a flat list (platform admin only). */
export async function getClientTree(merchantSlug: string): Promise<TreeClient[]> {
  const input = getClientTreeInputSchema.parse({ merchantSlug });
  return z
    .array(treeClientSchema)
    .parse(await callRpcAllRows<unknown>('admin_client_tree', { merchant_slug: input.merchantSlug }));
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
