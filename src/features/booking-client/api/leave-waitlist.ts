import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const leaveWaitlistInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  entryId: z.string().check(z.minLength(1)),
});

/** "Esci dalla lista d'attesa": her entry closes, its notices with it. */
async function leaveWaitlist(input: z.input<typeof leaveWaitlistInputSchema>): Promise<{ message: string }> {
  const { entryId } = leaveWaitlistInputSchema.parse(input);
  return messageSchema.parse(await callRpc('leave_waitlist', { entry_id: entryId }));
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({ queryKey: bookingKey(input.merchantSlug) }),
  });
}
