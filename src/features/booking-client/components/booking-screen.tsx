import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { PageHeading } from '@/components/layouts/page-heading';
import { useBookableTreatments } from '@/features/booking-client/api/list-bookable-treatments';
import { useWatchClientReservations } from '@/features/booking-client/api/watch-client-reservations';
import { useWatchWaitlistNotices } from '@/features/booking-client/api/get-my-waitlist';
import { BookingSteps } from '@/features/booking-client/components/booking-steps';
import { anyOperator } from '@/features/booking-client/components/operator-choice';
import { MyReservations } from '@/features/booking-client/components/my-reservations';
import { MyWaitlist } from '@/features/booking-client/components/my-waitlist';
import { WaitlistOffers } from '@/features/booking-client/components/waitlist-offers';
import { useBookingAddress } from '@/features/booking-client/hooks/use-booking-address';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

interface BookingScreenProps {
  merchantSlug: string;
  merchantName: string;
  /** The customer's id at the salon, whose reservations the live subscription follows. */
  clientId: string;
}

/** /client/prenota 'Prenota': book a treatment step by step; the customer's reservations, live. */
export function BookingScreen({ merchantSlug, merchantName, clientId }: BookingScreenProps) {
  const treatments = useBookableTreatments(merchantSlug);
  useWatchClientReservations(merchantSlug, clientId);
  useWatchWaitlistNotices(merchantSlug, clientId);
  const address = useBookingAddress();

  return (
    <section className="grid gap-8">
      <PageHeading lead={fill(t.lead, { merchant: merchantName })}>{t.title}</PageHeading>
      <WaitlistOffers
        merchantSlug={merchantSlug}
        // 'Prenota' on a freed slot's notice chooses that slot whole.
        onBook={(offer) =>
          address.choose({
            treatmentId: offer.treatment_id,
            operatorId: offer.operator_id ?? anyOperator,
            date: offer.date,
            time: offer.time,
          })
        }
      />
      <QueryView query={treatments} pending={<LoadingBlocks count={1} className="h-56" />}>
        {(data) => <BookingSteps merchantSlug={merchantSlug} treatments={data} />}
      </QueryView>
      <MyReservations merchantSlug={merchantSlug} />
      <MyWaitlist merchantSlug={merchantSlug} />
    </section>
  );
}
