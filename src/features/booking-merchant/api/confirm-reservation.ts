import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterReservationChange } from '@/features/booking-merchant/api/refresh-inbox-rows';
import { reservationIdSchema } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

interface ConfirmReservationInput {
  reservationId: string;
  /** For a request without preference: the free operator who takes it (the database checks again). */
  operatorId?: string | null;
}

/** 'in attesa' → 'confermata'; the database checks again that the operator is free. */
async function confirmReservation({
  reservationId,
  operatorId,
}: ConfirmReservationInput): Promise<{ message: string }> {
  const id = reservationIdSchema.parse(reservationId);
  const args = operatorId ? { reservation_id: id, operator_id: operatorId } : { reservation_id: id };
  return messageSchema.parse(await callRpc('confirm_reservation', args));
}

export function useConfirmReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReservation,
    onSettled: (_result, _error, input) =>
      refreshAfterReservationChange(queryClient, { id: input.reservationId }),
  });
}
