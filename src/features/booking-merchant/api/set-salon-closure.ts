import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingCalendarQueryOptions } from '@/features/booking-merchant/api/get-booking-calendar';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const closureInputSchema = z.object({
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  closed: z.boolean(),
});

/** Closes the salon on a day (closed) or opens it again. */
async function setSalonClosure(input: z.input<typeof closureInputSchema>): Promise<{ message: string }> {
  const { day, closed } = closureInputSchema.parse(input);
  return messageSchema.parse(await callRpc('set_salon_closure', { day, closed }));
}

export function useSetSalonClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSalonClosure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingCalendarQueryOptions().queryKey }),
  });
}
