import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import { failureText } from '@/lib/api-error';
import { joinSalonAsSignedIn } from '@/lib/join-salon';
import { fill, texts } from '@/lib/texts';

const t = texts.login;

interface JoinOfferProps {
  merchantSlug: string;
  merchantName: string;
  /** The name the customer gave at her other salons. */
  customerName: string;
  onJoined: () => void;
  onCancel: () => void;
}

/**
 * A customer of other salons signed in at this salon's login: refused as spec §5 words it, then one button
 * makes her a client here too.
 */
export function JoinOffer({ merchantSlug, merchantName, customerName, onJoined, onCancel }: JoinOfferProps) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const onJoin = async () => {
    setPending(true);
    try {
      const result = await joinSalonAsSignedIn({
        merchantSlug,
        name: customerName,
        privacyAccepted: true,
      });
      await queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey });
      notify.success(fill(t.joined, { merchant: merchantName, code: result.client_code }));
      onJoined();
    } catch (error) {
      notify.error(failureText(t.error, error));
      setPending(false);
    }
  };

  return (
    <div role="status" className="grid gap-4 rounded-2xl bg-accent/60 p-5">
      <p className="font-medium">{t.notClient}</p>
      <p className="text-lg font-semibold text-accent-foreground">
        {fill(t.joinOffer, { merchant: merchantName })}
      </p>
      <p>{t.joinOfferLead}</p>
      <p className="text-sm">
        {t.joinOfferPrivacy}{' '}
        <Link
          to={paths.clientPrivacy.href(merchantSlug)}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center font-medium underline"
        >
          {texts.registration.privacyLink}
        </Link>
      </p>
      <div className="grid gap-2">
        <Button type="button" size="lg" onClick={() => void onJoin()} disabled={pending}>
          {pending ? t.joinOfferSubmitting : fill(t.joinOfferSubmit, { merchant: merchantName })}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          {t.joinOfferCancel}
        </Button>
      </div>
    </div>
  );
}
