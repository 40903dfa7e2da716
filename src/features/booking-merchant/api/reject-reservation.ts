import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterReservationChange } from '@/features/booking-merchant/api/refresh-inbox-rows';
import {
  reservationReasonInputSchema,
  type ReservationReasonInput,
} from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** 'in attesa' → 'rifiutata', the reason kept as the reservation's notes. */
async function rejectReservation(input: ReservationReasonInput): Promise<{ message: string }> {
  const { reservationId, reason } = reservationReasonInputSchema.parse(input);
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
