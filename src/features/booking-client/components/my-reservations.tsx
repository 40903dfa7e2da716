import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import {
  useReservationSections,
  type SectionReservation,
} from '@/features/booking-client/api/list-reservation-sections';
import { ClientReservationCard } from '@/features/booking-client/components/client-reservation-card';
import { groupVisits } from '@/components/booking/visit-groups';
import { VisitReservationCard } from '@/features/booking-client/components/visit-reservation-card';
import { WriteToSalon } from '@/features/booking-client/components/write-to-salon';
import { bookingClientTexts } from '@/features/booking-client/texts';

const t = bookingClientTexts;

/** 'Le mie prenotazioni': upcoming, then past, as the database splits them; a visit as one card. */
export function MyReservations({ merchantSlug }: { merchantSlug: string }) {
  const sections = useReservationSections(merchantSlug);
  return (
    <section aria-labelledby="my-reservations" className="grid gap-4">
      <h2 id="my-reservations" className="text-2xl font-semibold">
        {t.myReservations}
      </h2>
      <WriteToSalon merchantSlug={merchantSlug} />
      <QueryView
        query={sections}
        pending={<LoadingBlocks count={2} className="h-20" />}
        isEmpty={(data) => data.upcoming.length + data.past.length === 0}
        empty={t.emptyReservations}
      >
        {(data) => (
          <>
            <ReservationList
              id="upcoming-reservations"
              title={t.upcoming}
              empty={t.emptyUpcoming}
              merchantSlug={merchantSlug}
              reservations={data.upcoming}
            />
            <ReservationList
              id="past-reservations"
              title={t.past}
              empty={t.emptyPast}
              merchantSlug={merchantSlug}
              reservations={data.past}
              past
            />
          </>
        )}
      </QueryView>
    </section>
  );
}

function ReservationList({
  id,
  title,
  empty,
  merchantSlug,
  reservations,
  past = false,
}: {
  id: string;
  title: string;
  empty: string;
  merchantSlug: string;
  reservations: SectionReservation[];
  /** The database's past section: each offers 'Prenota di nuovo'. */
  past?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="font-sans text-lg font-semibold">
        {title}
      </h3>
      {reservations.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="grid gap-3 lg:grid-cols-2">
          {groupVisits(reservations).map((entry) =>
            entry.kind === 'single' ? (
              <li key={entry.reservation.id}>
                <ClientReservationCard
                  merchantSlug={merchantSlug}
                  reservation={entry.reservation}
                  past={past}
                />
              </li>
            ) : (
              <li key={entry.parts[0].id}>
                <VisitReservationCard merchantSlug={merchantSlug} parts={entry.parts} past={past} />
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
