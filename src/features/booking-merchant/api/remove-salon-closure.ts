import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingCalendarQueryOptions } from '@/features/booking-merchant/api/get-booking-calendar';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

const closurePeriodSchema = z.object({ fromDay: isoDay, toDay: isoDay });

/** Opens the salon again on every day of a closure period, in one call. */
async function removeSalonClosure(period: z.input<typeof closurePeriodSchema>): Promise<{ message: string }> {
  const { fromDay, toDay } = closurePeriodSchema.parse(period);
  return messageSchema.parse(await callRpc('remove_salon_closure', { from_day: fromDay, to_day: toDay }));
}

export function useRemoveSalonClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSalonClosure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingCalendarQueryOptions().queryKey }),
  });
}
