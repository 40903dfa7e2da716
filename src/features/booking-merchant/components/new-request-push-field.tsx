import { CheckboxField } from '@/components/ui/checkbox-field';
import { notify } from '@/components/ui/toaster';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import {
  phoneFailureText,
  phoneSupportText,
  usePhoneNotifications,
} from '@/lib/push/use-phone-notifications';

const t = bookingMerchantTexts.impostazioni;

/** A notification on this device for each new request, beside (or instead of) the e-mail. */
export function NewRequestPushField() {
  const phone = usePhoneNotifications();
  const on = phone.subscribed === true;
  return (
    <CheckboxField
      label={t.newRequestPush}
      description={<span className="text-sm text-muted-foreground">{phoneSupportText(phone.support)}</span>}
      checked={on}
      disabled={phone.turn.isPending || (phone.support !== 'ready' && !on)}
      onChange={(event) => {
        const turnOn = event.target.checked;
        phone.turn
          .mutateAsync(turnOn)
          .then(() => notify.success(turnOn ? t.newRequestPushOn : t.newRequestPushOff))
          .catch((error: unknown) => notify.error(phoneFailureText(t.newRequestPushError, error)));
      }}
    />
  );
}
