import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { notificationChannelsQueryOptions } from '@/features/client-loyalty/api/get-notification-channels';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

export const setNotificationChannelsInputSchema = z.object({
  merchantSlug: merchantSlugSchema,
  email: z.boolean(),
  push: z.boolean(),
});

export type SetNotificationChannelsInput = z.input<typeof setNotificationChannelsInputSchema>;

/** Her choice of channels for booking messages at one salon (marketing has its own consent). */
export async function setNotificationChannels(input: SetNotificationChannelsInput): Promise<void> {
  const { merchantSlug, email, push } = setNotificationChannelsInputSchema.parse(input);
  await callRpc('set_my_notification_channels', { merchant_slug: merchantSlug, email, push });
}

export function useSetNotificationChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNotificationChannels,
    onSettled: (_result, _error, input) =>
      queryClient.invalidateQueries({
        queryKey: notificationChannelsQueryOptions(input.merchantSlug).queryKey,
      }),
  });
}
