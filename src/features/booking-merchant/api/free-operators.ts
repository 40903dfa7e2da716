import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { reservationIdSchema, reservationsKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

const freeOperatorSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  busy_minutes: z.number(),
  proposed: z.boolean(),
});

export type FreeOperator = z.infer<typeof freeOperatorSchema>;

/** The operators free for a request made without preference, the proposed one marked. */
export async function listFreeOperators(reservationId: string): Promise<FreeOperator[]> {
  const id = reservationIdSchema.parse(reservationId);
  return z
    .array(freeOperatorSchema)
    .parse(await callRpc<unknown>('reservation_free_operators', { reservation_id: id }));
}

export const freeOperatorsQueryOptions = (reservationId: string) =>
  queryOptions({
    queryKey: [...reservationsKey, 'free-operators', reservationId],
    queryFn: () => listFreeOperators(reservationId),
  });

export function useFreeOperators(reservationId: string) {
  return useQuery(freeOperatorsQueryOptions(reservationId));
}
