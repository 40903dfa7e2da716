import { MessageCircle } from 'lucide-react';
import { cx } from 'class-variance-authority';
import { buttonVariants } from '@/components/ui/button';
import type { WhatsApp } from '@/features/booking-merchant/api/salon-messages';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.messages;

/** Opens WhatsApp on the client's number with the message the database wrote, or says why it cannot. */
export function WhatsAppAction({
  whatsapp,
  client,
  className,
}: {
  whatsapp: WhatsApp;
  client: string;
  className?: string;
}) {
  if (!whatsapp.url) {
    return (
      <p className="text-sm text-muted-foreground">
        {fill(t.noWhatsapp, { reason: whatsapp.missing_reason ?? '' })}
      </p>
    );
  }
  return (
    <a
      href={whatsapp.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={fill(t.whatsappLabel, { client, kind: t.kinds[whatsapp.kind] })}
      className={cx(buttonVariants({ variant: 'outline' }), className)}
    >
      <MessageCircle aria-hidden="true" />
      {t.whatsapp}
    </a>
  );
}
