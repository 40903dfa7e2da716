import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const acceptReservationChangeInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  reservationId: z.string().check(z.minLength(1)),
});

type AcceptReservationChangeInput = z.input<typeof acceptReservationChangeInputSchema>;

/** Accepts the salon's proposed date and time: the reservation becomes 'confermata'. */
async function acceptReservationChange(input: AcceptReservationChangeInput): Promise<{ message: string }> {
  const { reservationId } = acceptReservationChangeInputSchema.parse(input);
  return messageSchema.parse(await callRpc('accept_reservation_change', { reservation_id: reservationId }));
}

export function useAcceptReservationChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptReservationChange,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: bookingKey(input.merchantSlug) }),
  });
}
