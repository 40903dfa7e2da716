import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, reservationIdSchema, reservationsKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

/** 'in attesa' → 'confermata'; the database checks again that the operator is free. */
export async function confirmReservation(reservationId: string): Promise<{ message: string }> {
  const id = reservationIdSchema.parse(reservationId);
  return messageSchema.parse(await callRpc<unknown>('confirm_reservation', { reservation_id: id }));
}

export function useConfirmReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReservation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsKey }),
  });
}
