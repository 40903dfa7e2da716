import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { callRpc } from '@/lib/rpc';

export const notificationChannelsSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  subscriptions: z.number(),
});

export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/** How her booking messages reach her at one salon: by e-mail, on the phone. */
export async function getNotificationChannels(merchantSlug: string): Promise<NotificationChannels> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return notificationChannelsSchema.parse(await callRpc('my_notification_channels', { merchant_slug: slug }));
}

export const notificationChannelsQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['client-loyalty', merchantSlug, 'notification-channels'],
    queryFn: () => getNotificationChannels(merchantSlug),
  });

export function useNotificationChannels(merchantSlug: string) {
  return useQuery(notificationChannelsQueryOptions(merchantSlug));
}
