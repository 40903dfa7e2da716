import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callRpcAllRows } from '@/lib/rpc';

export const adminMerchantSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  code_prefix: z.string(),
  created_at: z.string(),
});

export type AdminMerchant = z.infer<typeof adminMerchantSchema>;

/** Every merchant of the platform, newest first (platform admin only). */
export async function listMerchants(): Promise<AdminMerchant[]> {
  return z.array(adminMerchantSchema).parse(await callRpcAllRows<unknown>('admin_list_merchants'));
}

export const merchantsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'merchants'], queryFn: listMerchants });

export function useMerchants() {
  return useQuery(merchantsQueryOptions());
}
