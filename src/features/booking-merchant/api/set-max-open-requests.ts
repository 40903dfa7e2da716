import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingSettingsQueryOptions } from '@/features/booking-merchant/api/get-booking-settings';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** Sets how many open requests (pending, or a change awaiting her answer) one customer may have. */
export async function setMaxOpenRequests(requests: number): Promise<{ message: string }> {
  return messageSchema.parse(
    await callRpc('set_max_open_requests', { requests: z.number().check(z.int()).parse(requests) }),
  );
}

export function useSetMaxOpenRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMaxOpenRequests,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingSettingsQueryOptions().queryKey }),
  });
}
