import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { callRpcAllRows, type RpcRow, type WithNullable } from '@/lib/rpc';

export type Operator = WithNullable<RpcRow<'list_operators'>, 'image_path' | 'image_url'>;

/** The salon's operators. */
async function listOperators(): Promise<Operator[]> {
  return callRpcAllRows('list_operators');
}

const operatorsQueryOptions = () =>
  queryOptions({ queryKey: [...settingsKey, 'operators'], queryFn: listOperators });

export function useOperators() {
  return useQuery(operatorsQueryOptions());
}
