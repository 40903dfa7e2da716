import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { refreshAfterReservationChange } from '@/features/booking-merchant/api/refresh-inbox-rows';
import { reservationIdSchema } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

const modifyReservationInputSchema = z.object({
  reservationId: reservationIdSchema,
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  time: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
  note: z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength.note)),
});

type ModifyReservationInput = z.input<typeof modifyReservationInputSchema>;

/** 'in attesa' → 'modificata': proposes a new date and time, with a note for the customer. */
async function modifyReservation(input: ModifyReservationInput): Promise<{ message: string }> {
  const { reservationId, date, time, note } = modifyReservationInputSchema.parse(input);
  return messageSchema.parse(
    await callRpc('modify_reservation', { reservation_id: reservationId, date, time, note }),
  );
}

export function useModifyReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyReservation,
    onSettled: (_result, _error, input) =>
      refreshAfterReservationChange(queryClient, { id: input.reservationId }),
  });
}
