import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingCalendarQueryOptions } from '@/features/booking-merchant/api/get-booking-calendar';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

const absenceInputSchema = z.object({
  operatorId: z.string().check(z.minLength(1)),
  fromDay: isoDay,
  toDay: isoDay,
});

/** Records an operator's absence from one day to another, both included. */
async function addOperatorAbsence(input: z.input<typeof absenceInputSchema>): Promise<{ message: string }> {
  const { operatorId, fromDay, toDay } = absenceInputSchema.parse(input);
  return messageSchema.parse(
    await callRpc('add_operator_absence', {
      operator_id: operatorId,
      from_day: fromDay,
      to_day: toDay,
    }),
  );
}

export function useAddOperatorAbsence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOperatorAbsence,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingCalendarQueryOptions().queryKey }),
  });
}
