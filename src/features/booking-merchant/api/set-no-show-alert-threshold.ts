import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingSettingsQueryOptions } from '@/features/booking-merchant/api/get-booking-settings';
import { reservationsKey } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** Sets from how many missed appointments the inbox flags a client's requests. */
export async function setNoShowAlertThreshold(threshold: number): Promise<{ message: string }> {
  return messageSchema.parse(
    await callRpc('set_no_show_alert_threshold', { threshold: z.number().check(z.int()).parse(threshold) }),
  );
}

export function useSetNoShowAlertThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNoShowAlertThreshold,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingSettingsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: reservationsKey }),
      ]),
  });
}
