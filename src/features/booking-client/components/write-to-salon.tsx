import { MessageCircle } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { useSalonWhatsapp } from '@/features/booking-client/api/get-salon-whatsapp';
import { bookingClientTexts } from '@/features/booking-client/texts';

const t = bookingClientTexts;

/** "Scrivi al salone": WhatsApp on the salon's number, the greeting already written; nothing while loading. */
export function WriteToSalon({ merchantSlug }: { merchantSlug: string }) {
  const { data } = useSalonWhatsapp(merchantSlug);
  if (!data) return null;
  if (!data.url) return <p className="text-sm text-muted-foreground">{data.missing_reason}</p>;
  return (
    <a
      href={data.url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonVariants({ variant: 'outline', className: 'justify-self-start' })}
    >
      <MessageCircle aria-hidden="true" />
      {t.writeToSalon}
    </a>
  );
}
