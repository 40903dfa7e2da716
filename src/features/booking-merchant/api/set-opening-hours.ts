import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingCalendarQueryOptions } from '@/features/booking-merchant/api/get-booking-calendar';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

export const weeklyHoursSchema = z.array(
  z.object({
    weekday: z.number().check(z.int(), z.gte(1), z.lte(7)),
    opens: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
    closes: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
  }),
);

export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** Replaces the salon's weekly opening hours; weekdays left out are closed. */
async function setOpeningHours(hours: WeeklyHours): Promise<{ message: string }> {
  return messageSchema.parse(await callRpc('set_opening_hours', { hours: weeklyHoursSchema.parse(hours) }));
}

export function useSetOpeningHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOpeningHours,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingCalendarQueryOptions().queryKey }),
  });
}
