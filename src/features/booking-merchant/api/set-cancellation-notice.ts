import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingSettingsQueryOptions } from '@/features/booking-merchant/api/get-booking-settings';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** Sets how many hours before a confirmed appointment customers may still cancel online. */
async function setCancellationNotice(hours: number): Promise<{ message: string }> {
  return messageSchema.parse(
    await callRpc('set_cancellation_notice', { hours: z.number().check(z.int()).parse(hours) }),
  );
}

export function useSetCancellationNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCancellationNotice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingSettingsQueryOptions().queryKey }),
  });
}
