import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { refreshAfterReservationChange } from '@/features/booking-merchant/api/refresh-inbox-rows';
import { reservationIdSchema } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

export const visitOutcomes = { complete: 'completata', no_show: 'non presentata' } as const;

export const markVisitInputSchema = z.object({
  reservationId: reservationIdSchema,
  outcome: z.enum(['completata', 'non presentata']),
});

export type MarkVisitInput = z.input<typeof markVisitInputSchema>;

/** A confirmed appointment that has started → 'completata' or 'non presentata'. */
export async function markVisit(input: MarkVisitInput): Promise<{ message: string }> {
  const { reservationId, outcome } = markVisitInputSchema.parse(input);
  return messageSchema.parse(await callRpc('mark_visit', { reservation_id: reservationId, outcome }));
}

export function useMarkVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markVisit,
    onSettled: (_result, _error, input) =>
      refreshAfterReservationChange(queryClient, { id: input.reservationId }),
  });
}
