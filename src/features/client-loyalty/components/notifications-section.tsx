import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { notify } from '@/components/ui/toaster';
import { useNotificationChannels } from '@/features/client-loyalty/api/get-notification-channels';
import { useSetNotificationChannels } from '@/features/client-loyalty/api/set-notification-channels';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import {
  phoneFailureText,
  phoneSupportText,
  usePhoneNotifications,
} from '@/lib/push/use-phone-notifications';
import { texts } from '@/lib/texts';

const t = clientLoyaltyTexts.notifications;

/** Anagrafica's choice of channels for booking messages: e-mail, and notifications on this phone. */
export function NotificationsSection({ merchantSlug }: { merchantSlug: string }) {
  const channels = useNotificationChannels(merchantSlug);
  const setChannels = useSetNotificationChannels();
  const phone = usePhoneNotifications();
  if (!channels.data) return null;
  const { email, push } = channels.data;
  const phoneOn = push && phone.subscribed === true;
  const busy = setChannels.isPending || phone.turn.isPending;
  const save = (choice: { email: boolean; push: boolean }) =>
    setChannels.mutateAsync({ merchantSlug, ...choice }).then(() => notify.success(t.saved));
  const failed = (error: unknown) => notify.error(phoneFailureText(t.error, error));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription>{t.lead}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CheckboxField
          label={t.email}
          checked={email}
          disabled={busy}
          onChange={(event) => save({ email: event.target.checked, push }).catch(failed)}
        />
        <CheckboxField
          label={texts.phoneNotifications.label}
          description={
            <span className="text-sm text-muted-foreground">{phoneSupportText(phone.support)}</span>
          }
          checked={phoneOn}
          disabled={busy || (phone.support !== 'ready' && !phoneOn)}
          onChange={(event) => {
            const on = event.target.checked;
            phone.turn
              .mutateAsync(on)
              .then(() => save({ email, push: on }))
              .catch(failed);
          }}
        />
      </CardContent>
    </Card>
  );
}
