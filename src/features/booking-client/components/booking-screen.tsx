import { useState } from 'react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { PageHeading } from '@/components/layouts/page-heading';
import { useBookableTreatments } from '@/features/booking-client/api/list-bookable-treatments';
import { useWatchClientReservations } from '@/features/booking-client/api/watch-client-reservations';
import { useWatchWaitlistNotices, type WaitlistOffer } from '@/features/booking-client/api/get-my-waitlist';
import { BookingSteps } from '@/features/booking-client/components/booking-steps';
import { MyReservations } from '@/features/booking-client/components/my-reservations';
import { MyWaitlist } from '@/features/booking-client/components/my-waitlist';
import { WaitlistOffers } from '@/features/booking-client/components/waitlist-offers';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

interface BookingScreenProps {
  merchantSlug: string;
  merchantName: string;
  /** The customer's id at the salon, whose reservations the live subscription follows. */
  clientId: string;
  /** A treatment chosen before (on the salon's page): step 1 starts on it. */
  treatmentId?: string;
}

/** /client/prenota 'Prenota': book a treatment step by step; the customer's reservations, live. */
export function BookingScreen({ merchantSlug, merchantName, clientId, treatmentId }: BookingScreenProps) {
  const treatments = useBookableTreatments(merchantSlug);
  useWatchClientReservations(merchantSlug, clientId);
  useWatchWaitlistNotices(merchantSlug, clientId);
  // 'Prenota' on a freed slot's notice starts the steps again on that slot.
  const [offer, setOffer] = useState<WaitlistOffer>();

  return (
    <section className="grid gap-8">
      <PageHeading lead={fill(t.lead, { merchant: merchantName })}>{t.title}</PageHeading>
      <WaitlistOffers merchantSlug={merchantSlug} onBook={setOffer} />
      <QueryView query={treatments} pending={<LoadingBlocks count={1} className="h-56" />}>
        {(data) => (
          <BookingSteps
            key={offer?.id}
            merchantSlug={merchantSlug}
            treatments={data}
            treatmentId={treatmentId}
            slot={
              offer && {
                treatmentId: offer.treatment_id,
                operatorId: offer.operator_id,
                date: offer.date,
                time: offer.time,
              }
            }
          />
        )}
      </QueryView>
      <MyReservations merchantSlug={merchantSlug} />
      <MyWaitlist merchantSlug={merchantSlug} />
    </section>
  );
}
