import { useState } from 'react';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useClientConsents } from '@/features/client-loyalty/api/get-client-consents';
import { useSetMarketingConsent } from '@/features/client-loyalty/api/set-marketing-consent';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { failureText } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = clientLoyaltyTexts.privacy;

/** The marketing consent's box, saved at each click, and when the privacy notice was accepted. */
export function MarketingConsent({ merchantSlug }: { merchantSlug: string }) {
  const consents = useClientConsents(merchantSlug);
  const setMarketing = useSetMarketingConsent();
  // The box follows the click at once; the saved choice takes over when the server has answered.
  const [choice, setChoice] = useState<boolean | null>(null);
  if (!consents.data) return null;
  const { privacy, marketing } = consents.data;
  const granted = choice ?? marketing?.granted ?? false;
  return (
    <div className="grid gap-3">
      <CheckboxField
        label={t.marketingLabel}
        description={<span className="text-sm text-muted-foreground">{t.marketingHint}</span>}
        checked={granted}
        disabled={setMarketing.isPending}
        onChange={(event) => {
          setChoice(event.target.checked);
          setMarketing.mutate(
            { merchantSlug, granted: event.target.checked },
            {
              onSuccess: () => notify.success(t.marketingSaved),
              onError: (error) => notify.error(failureText(t.marketingError, error)),
              onSettled: () => setChoice(null),
            },
          );
        }}
      />
      {privacy ? (
        <p className="text-sm text-muted-foreground">
          {fill(t.privacyAccepted, {
            date: formatDate(privacy.recorded_at),
            version: privacy.notice_version,
          })}{' '}
          <Link
            to={paths.clientPrivacy.href(merchantSlug)}
            className="inline-flex min-h-11 items-center font-medium underline"
          >
            {t.privacyLink}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
