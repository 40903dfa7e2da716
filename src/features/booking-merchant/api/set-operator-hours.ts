import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingCalendarQueryOptions } from '@/features/booking-merchant/api/get-booking-calendar';
import { messageSchema } from '@/lib/api-values';
import { weeklyHoursSchema, type WeeklyHours } from '@/features/booking-merchant/api/set-opening-hours';
import { callRpc } from '@/lib/rpc';

/** Replaces one operator's weekly hours; [] = the salon's hours. */
async function setOperatorHours(input: {
  operatorId: string;
  hours: WeeklyHours;
}): Promise<{ message: string }> {
  return messageSchema.parse(
    await callRpc('set_operator_hours', {
      operator_id: z.string().check(z.minLength(1)).parse(input.operatorId),
      hours: weeklyHoursSchema.parse(input.hours),
    }),
  );
}

export function useSetOperatorHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOperatorHours,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingCalendarQueryOptions().queryKey }),
  });
}
