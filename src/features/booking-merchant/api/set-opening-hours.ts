import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { bookingCalendarQueryOptions } from '@/features/booking-merchant/api/get-booking-calendar';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

export const weeklyHoursSchema = z.array(
  z.object({
    weekday: z.number().int().min(1).max(7),
    opens: z.string().regex(/^\d{2}:\d{2}$/),
    closes: z.string().regex(/^\d{2}:\d{2}$/),
  }),
);

export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** Replaces the salon's weekly opening hours; weekdays left out are closed. */
export async function setOpeningHours(hours: WeeklyHours): Promise<{ message: string }> {
  return messageSchema.parse(await callRpc('set_opening_hours', { hours: weeklyHoursSchema.parse(hours) }));
}

export function useSetOpeningHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOpeningHours,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingCalendarQueryOptions().queryKey }),
  });
}
