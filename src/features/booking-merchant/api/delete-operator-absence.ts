import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingCalendarQueryOptions } from '@/features/booking-merchant/api/get-booking-calendar';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** Deletes one absence of an operator. */
async function deleteOperatorAbsence(absenceId: string): Promise<{ message: string }> {
  return messageSchema.parse(
    await callRpc('delete_operator_absence', {
      absence_id: z.string().check(z.minLength(1)).parse(absenceId),
    }),
  );
}

export function useDeleteOperatorAbsence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOperatorAbsence,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingCalendarQueryOptions().queryKey }),
  });
}
