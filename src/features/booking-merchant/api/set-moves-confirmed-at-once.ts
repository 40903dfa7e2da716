import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingSettingsQueryOptions } from '@/features/booking-merchant/api/get-booking-settings';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** Whether a customer's move to a free time is confirmed at once instead of waiting in the inbox. */
async function setMovesConfirmedAtOnce(enabled: boolean): Promise<{ message: string }> {
  return messageSchema.parse(await callRpc('set_moves_confirmed_at_once', { enabled }));
}

export function useSetMovesConfirmedAtOnce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMovesConfirmedAtOnce,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingSettingsQueryOptions().queryKey }),
  });
}
