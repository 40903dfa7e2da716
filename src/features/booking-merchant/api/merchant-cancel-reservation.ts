import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { refreshAfterReservationChange } from '@/features/booking-merchant/api/refresh-inbox-rows';
import { reservationIdSchema } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

export const merchantCancelInputSchema = z.object({
  reservationId: reservationIdSchema,
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength.note)),
});

export type MerchantCancelInput = z.input<typeof merchantCancelInputSchema>;

/** 'confermata' → 'annullata' by the salon, the reason kept as the reservation's notes. */
export async function merchantCancelReservation(input: MerchantCancelInput): Promise<{ message: string }> {
  const { reservationId, reason } = merchantCancelInputSchema.parse(input);
  return messageSchema.parse(
    await callRpc('merchant_cancel_reservation', { reservation_id: reservationId, reason }),
  );
}

export function useMerchantCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: merchantCancelReservation,
    onSettled: (_result, _error, input) =>
      refreshAfterReservationChange(queryClient, { id: input.reservationId }),
  });
}
