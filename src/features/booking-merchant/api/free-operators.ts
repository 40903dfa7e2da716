import { queryOptions, useQuery } from '@tanstack/react-query';
import { reservationIdSchema, reservationsKey } from '@/features/booking-merchant/api/schemas';
import { callRpc, type RpcRow, type WithNullable } from '@/lib/rpc';

export type FreeOperator = WithNullable<RpcRow<'reservation_free_operators'>, 'image_url'>;

/** The operators free for a request made without preference, the proposed one marked. */
async function listFreeOperators(reservationId: string): Promise<FreeOperator[]> {
  const id = reservationIdSchema.parse(reservationId);
  return callRpc('reservation_free_operators', { reservation_id: id });
}

const freeOperatorsQueryOptions = (reservationId: string) =>
  queryOptions({
    queryKey: [...reservationsKey, 'free-operators', reservationId],
    queryFn: () => listFreeOperators(reservationId),
  });

export function useFreeOperators(reservationId: string) {
  return useQuery(freeOperatorsQueryOptions(reservationId));
}
