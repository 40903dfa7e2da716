import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const moveReservationInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  reservationId: z.string().check(z.minLength(1)),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  time: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
});

type MoveReservationInput = z.input<typeof moveReservationInputSchema>;

/** Asks the salon to move an appointment to a free time (or moves it, when the salon confirms moves at once). */
async function moveReservation(input: MoveReservationInput): Promise<{ message: string }> {
  const { reservationId, date, time } = moveReservationInputSchema.parse(input);
  return messageSchema.parse(
    await callRpc('move_reservation', { reservation_id: reservationId, date, time }),
  );
}

export function useMoveReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveReservation,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: bookingKey(input.merchantSlug) }),
  });
}
