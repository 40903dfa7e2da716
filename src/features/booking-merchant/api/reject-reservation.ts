import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { refreshAfterReservationChange } from '@/features/booking-merchant/api/refresh-inbox-rows';
import { reservationIdSchema } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

export const rejectReservationInputSchema = z.object({
  reservationId: reservationIdSchema,
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength.note)),
});

export type RejectReservationInput = z.input<typeof rejectReservationInputSchema>;

/** 'in attesa' → 'rifiutata', the reason kept as the reservation's notes. */
export async function rejectReservation(input: RejectReservationInput): Promise<{ message: string }> {
  const { reservationId, reason } = rejectReservationInputSchema.parse(input);
  return messageSchema.parse(await callRpc('reject_reservation', { reservation_id: reservationId, reason }));
}

export function useRejectReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectReservation,
    onSettled: (_result, _error, input) =>
      refreshAfterReservationChange(queryClient, { id: input.reservationId }),
  });
}
