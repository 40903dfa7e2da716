import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

export const deleteReservationInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  reservationId: z.string().check(z.minLength(1)),
});

export type DeleteReservationInput = z.input<typeof deleteReservationInputSchema>;

/** Deletes a rejected reservation, or a confirmed one that started at least an hour ago. */
async function deleteReservation(input: DeleteReservationInput): Promise<{ message: string }> {
  const { reservationId } = deleteReservationInputSchema.parse(input);
  return messageSchema.parse(await callRpc('delete_reservation', { reservation_id: reservationId }));
}

export function useDeleteReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReservation,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: bookingKey(input.merchantSlug) }),
  });
}
