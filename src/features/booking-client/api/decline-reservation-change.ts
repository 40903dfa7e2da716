import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const declineReservationChangeInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  reservationId: z.string().check(z.minLength(1)),
});

type DeclineReservationChangeInput = z.input<typeof declineReservationChangeInputSchema>;

/** Turns down the salon's proposed change: the reservation becomes 'rifiutata'. */
async function declineReservationChange(input: DeclineReservationChangeInput): Promise<{ message: string }> {
  const { reservationId } = declineReservationChangeInputSchema.parse(input);
  return messageSchema.parse(await callRpc('decline_reservation_change', { reservation_id: reservationId }));
}

export function useDeclineReservationChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineReservationChange,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: bookingKey(input.merchantSlug) }),
  });
}
