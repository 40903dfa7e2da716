import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const deletionImpactSchema = z.object({ upcoming_appointments: numeric, waiting_requests: numeric });

type OperatorDeletionImpact = z.infer<typeof deletionImpactSchema>;

/** What deleting an operator would do: its confirmed appointments ahead and the requests naming it. */
async function getOperatorDeletionImpact(operatorId: string): Promise<OperatorDeletionImpact> {
  return deletionImpactSchema.parse(
    await callRpc('operator_deletion_impact', {
      operator_id: z.string().check(z.minLength(1)).parse(operatorId),
    }),
  );
}

const operatorDeletionImpactQueryOptions = (operatorId: string) =>
  queryOptions({
    queryKey: [...settingsKey, 'deletion-impact', operatorId],
    queryFn: () => getOperatorDeletionImpact(operatorId),
    staleTime: 0,
  });

export function useOperatorDeletionImpact(operatorId: string) {
  return useQuery(operatorDeletionImpactQueryOptions(operatorId));
}
