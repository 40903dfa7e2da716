import { Copy, MessageCircle, Share2 } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toaster';
import type { ClientMembership } from '@/features/client-loyalty/membership';
import { referralLink, referralShare, type ReferralShare } from '@/features/client-loyalty/referral-share';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { copyToClipboard, whatsappUrl } from '@/lib/share';
import { fill } from '@/lib/texts';

const t = clientLoyaltyTexts.presenta;

/** 176 px: Tailwind's size-44, the placeholder's size while the QR code's chunk arrives. */
const qrSize = 176;
const ReferralQr = lazy(() =>
  import('@/features/client-loyalty/components/referral-qr').then((module) => ({
    default: module.ReferralQr,
  })),
);

/** The device's share sheet where there is one; otherwise the message goes to the clipboard. */
async function share(invitation: ReferralShare): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(invitation);
      return;
    } catch (error) {
      // Closing the share sheet is the person's choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await copyToClipboard(invitation.text);
    notify.success(t.copied);
  } catch {
    notify.error(t.copyFailed);
  }
}

/** /client/presenta 'Presenta un amico': the personal link, shared, sent on WhatsApp or shown as a QR code. */
export function ReferralScreen({ membership }: { membership: ClientMembership }) {
  const linkId = useId();
  const link = referralLink(window.location.origin, membership.merchantSlug, membership.clientCode);
  const invitation = referralShare(membership.merchantName, link);

  return (
    <section className="grid gap-6">
      <PageHeading lead={fill(t.lead, { merchant: membership.merchantName })}>{t.title}</PageHeading>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_auto]">
        <Card>
          <CardContent className="grid gap-5 pt-6">
            <p className="text-lg">{t.explanation}</p>
            <div className="grid gap-1.5">
              <h2 id={linkId} className="font-sans text-base font-semibold">
                {t.linkLabel}
              </h2>
              <p
                aria-labelledby={linkId}
                data-testid="referral-link"
                className="rounded-lg bg-muted px-3 py-2 font-mono text-sm break-all text-foreground select-all"
              >
                {link}
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button size="lg" onClick={() => void share(invitation)} className="w-full sm:w-auto">
                {typeof navigator.share === 'function' ? (
                  <Share2 aria-hidden="true" />
                ) : (
                  <Copy aria-hidden="true" />
                )}
                {t.share}
              </Button>
              <Button asChild size="lg" variant="outline" className="w-full no-underline sm:w-auto">
                <a href={whatsappUrl(invitation.text)} target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" />
                  {t.whatsapp}
                  <span className="sr-only"> {t.whatsappHint}</span>
                </a>
              </Button>
            </div>
          </CardContent>
        </Card>
        <Card className="lg:w-72">
          <CardHeader>
            <CardTitle>{t.qrTitle}</CardTitle>
          </CardHeader>
          <CardContent className="grid justify-items-center gap-3">
            <Suspense fallback={<Skeleton className="size-44" />}>
              <ReferralQr link={link} label={t.qrAlt} size={qrSize} />
            </Suspense>
            <p className="text-center text-sm text-muted-foreground">{t.qrHint}</p>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
