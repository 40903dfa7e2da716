import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { callRpcAllRows } from '@/lib/rpc';

export const treeClientSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sponsor_id: z.string().nullable(),
  generation: z.number().int(),
});

/** Every client of the merchant with its sponsor and generation (0 = root), as a flat list. */
export async function getClientTree() {
  return z.array(treeClientSchema).parse(await callRpcAllRows<unknown>('merchant_client_tree'));
}

export const clientTreeQueryOptions = () =>
  queryOptions({ queryKey: [...merchantLoyaltyKey, 'client-tree'], queryFn: getClientTree });

export function useClientTree() {
  return useQuery(clientTreeQueryOptions());
}
