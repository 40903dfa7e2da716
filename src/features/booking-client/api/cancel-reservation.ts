import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingKey } from '@/components/booking/booking-key';
import { messageSchema } from '@/lib/api-values';
import {
  deleteReservationInputSchema,
  type DeleteReservationInput,
} from '@/features/booking-client/api/delete-reservation';
import { callRpc } from '@/lib/rpc';

/** Cancels a request, or a confirmed appointment within the salon's notice; the database decides. */
async function cancelReservation(input: DeleteReservationInput): Promise<{ message: string }> {
  const { reservationId } = deleteReservationInputSchema.parse(input);
  return messageSchema.parse(await callRpc('cancel_reservation', { reservation_id: reservationId }));
}

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReservation,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: bookingKey(input.merchantSlug) }),
  });
}
