import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { callRpcAllRows, type RpcRow, type WithNullable } from '@/lib/rpc';

export type Treatment = WithNullable<RpcRow<'list_treatments'>, 'description' | 'operator_ids'>;

/** The salon's treatments. */
async function listTreatments(): Promise<Treatment[]> {
  return callRpcAllRows('list_treatments');
}

export const treatmentsQueryOptions = () =>
  queryOptions({ queryKey: [...settingsKey, 'treatments'], queryFn: listTreatments });

export function useTreatments() {
  return useQuery(treatmentsQueryOptions());
}
