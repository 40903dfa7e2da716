import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { refreshAfterReservationChange } from '@/features/booking-merchant/api/refresh-inbox-rows';
import { reservationIdSchema } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

export const completeVisitInputSchema = z.object({
  reservationId: reservationIdSchema,
  spend: z.number(),
  discount: z.number(),
  receiptNumber: z.optional(z.string().check(z.trim(), z.maxLength(50))),
});

export type CompleteVisitInput = z.input<typeof completeVisitInputSchema>;

/** The visit's purchase registered and the visit marked 'completata', all or nothing. */
export async function completeVisitWithPurchase(input: CompleteVisitInput): Promise<{ message: string }> {
  const { reservationId, spend, discount, receiptNumber } = completeVisitInputSchema.parse(input);
  return z.object({ message: z.string() }).parse(
    await callRpc('complete_visit_with_purchase', {
      reservation_id: reservationId,
      spend,
      discount,
      receipt_number: receiptNumber || undefined,
    }),
  );
}

export function useCompleteVisitWithPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeVisitWithPurchase,
    // A purchase moves credit, movements and statistics too: every screen's data is read again.
    onSettled: (_result, _error, input) =>
      Promise.all([
        refreshAfterReservationChange(queryClient, { id: input.reservationId }),
        queryClient.invalidateQueries(),
      ]),
  });
}
