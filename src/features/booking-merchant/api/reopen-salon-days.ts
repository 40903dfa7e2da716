import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingCalendarQueryOptions } from '@/features/booking-merchant/api/get-booking-calendar';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const daysSchema = z.array(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))).check(z.minLength(1));

/** Opens the salon again on each day of a closure period, one day after the other; the last answer. */
async function reopenSalonDays(days: string[]): Promise<{ message: string }> {
  let answer = { message: '' };
  for (const day of daysSchema.parse(days)) {
    answer = messageSchema.parse(await callRpc('set_salon_closure', { day, closed: false }));
  }
  return answer;
}

export function useReopenSalonDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenSalonDays,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingCalendarQueryOptions().queryKey }),
  });
}
