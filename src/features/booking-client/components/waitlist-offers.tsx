import { Sparkles } from 'lucide-react';
import { dateWithWeekday } from '@/components/booking/booking-dates';
import { Button } from '@/components/ui/button';
import { useMyWaitlist, type WaitlistOffer } from '@/features/booking-client/api/get-my-waitlist';
import { waitlistTexts } from '@/features/booking-client/waitlist-texts';
import { fill } from '@/lib/texts';

const t = waitlistTexts;

/** The live notice of each freed slot told to her: 'Si è liberato un posto: …' with 'Prenota'. */
export function WaitlistOffers({
  merchantSlug,
  onBook,
}: {
  merchantSlug: string;
  onBook: (offer: WaitlistOffer) => void;
}) {
  const offers = useMyWaitlist(merchantSlug).data?.offers ?? [];
  if (offers.length === 0) return null;
  return (
    <ul aria-live="polite" className="grid gap-3">
      {offers.map((offer) => {
        const day = dateWithWeekday(offer.date);
        return (
          <li
            key={offer.id}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-primary bg-primary/10 p-4"
          >
            <Sparkles aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="font-semibold">
                {fill(t.offer, { treatment: offer.treatment_name, day, time: offer.time })}
              </p>
              <p className="text-sm text-muted-foreground">{t.offerHelp}</p>
            </div>
            <Button
              aria-label={fill(t.bookLabel, { treatment: offer.treatment_name, day, time: offer.time })}
              onClick={() => onBook(offer)}
            >
              {t.book}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
