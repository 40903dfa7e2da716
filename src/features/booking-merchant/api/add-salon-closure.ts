import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingCalendarQueryOptions } from '@/features/booking-merchant/api/get-booking-calendar';
import { messageSchema } from '@/lib/api-values';
import { maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

const addClosureInputSchema = z.object({
  fromDay: isoDay,
  /** The last day closed, or null for one day. */
  toDay: z.nullable(isoDay),
  reason: z.string().check(z.trim(), z.maxLength(maxLength.closureReason)),
});

/** Closes the salon for one day or from one day to another, with an optional reason. */
async function addSalonClosure(input: z.input<typeof addClosureInputSchema>): Promise<{ message: string }> {
  const { fromDay, toDay, reason } = addClosureInputSchema.parse(input);
  return messageSchema.parse(
    await callRpc('add_salon_closure', { from_day: fromDay, to_day: toDay, reason: reason || null }),
  );
}

export function useAddSalonClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSalonClosure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingCalendarQueryOptions().queryKey }),
  });
}
