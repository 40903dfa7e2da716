import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, failureText } from '@/lib/api-error';
import { texts } from '@/lib/texts';
import {
  currentPhoneSubscription,
  pushSupport,
  subscribePhone,
  unsubscribePhone,
  type PushSupport,
} from '@/lib/push/phone-subscription';

export const phoneSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['phone-notifications'],
    queryFn: async () => (await currentPhoneSubscription()) !== null,
  });

/** Whether this browser receives notifications, and the switch that turns them on or off. */
export function usePhoneNotifications(): {
  support: PushSupport;
  subscribed: boolean | undefined;
  turn: ReturnType<typeof useMutation<void, Error, boolean>>;
} {
  const queryClient = useQueryClient();
  const subscribed = useQuery(phoneSubscriptionQueryOptions());
  const turn = useMutation<void, Error, boolean>({
    mutationFn: (on) => (on ? subscribePhone() : unsubscribePhone()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: phoneSubscriptionQueryOptions().queryKey }),
  });
  return { support: pushSupport(), subscribed: subscribed.data, turn };
}

const t = texts.phoneNotifications;
const browserRefusals: Record<string, string> = { blocked: t.blocked, unsupported: t.unsupported };

/** A refusal of the api in its Italian words; one of the browser's (permission, push service) in ours. */
export function phoneFailureText(template: string, error: unknown): string {
  if (error instanceof ApiError) return failureText(template, error);
  const reason = error instanceof Error ? browserRefusals[error.message] : undefined;
  return reason ?? t.failed;
}

/** The line under the switch: what it does, or why this browser cannot. */
export function phoneSupportText(support: PushSupport): string {
  if (support === 'unsupported') return t.unsupported;
  return support === 'blocked' ? t.blocked : t.hint;
}
