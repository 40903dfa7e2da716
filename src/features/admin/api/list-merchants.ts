import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRpcAllRows, type RpcRow, type WithNullable } from '@/lib/rpc';

export type AdminMerchant = WithNullable<RpcRow<'admin_list_merchants'>, 'phone' | 'email' | 'website'>;

/** Every merchant of the platform, newest first (platform admin only). */
async function listMerchants(): Promise<AdminMerchant[]> {
  return callRpcAllRows('admin_list_merchants');
}

export const merchantsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'merchants'], queryFn: listMerchants });

export function useMerchants() {
  return useQuery(merchantsQueryOptions());
}
