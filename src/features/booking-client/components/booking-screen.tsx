import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { PageHeading } from '@/components/layouts/page-heading';
import { useBookableTreatments } from '@/features/booking-client/api/list-bookable-treatments';
import { useWatchClientReservations } from '@/features/booking-client/api/watch-client-reservations';
import { BookingSteps } from '@/features/booking-client/components/booking-steps';
import { MyReservations } from '@/features/booking-client/components/my-reservations';
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

  return (
    <section className="grid gap-8">
      <PageHeading lead={fill(t.lead, { merchant: merchantName })}>{t.title}</PageHeading>
      <QueryView query={treatments} pending={<LoadingBlocks count={1} className="h-56" />}>
        {(data) => <BookingSteps merchantSlug={merchantSlug} treatments={data} />}
      </QueryView>
      <MyReservations merchantSlug={merchantSlug} />
    </section>
  );
}
