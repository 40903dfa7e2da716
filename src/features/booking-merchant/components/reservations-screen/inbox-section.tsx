import { groupVisits } from '@/components/booking/visit-groups';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import {
  useHasReservations,
  useMerchantReservations,
  type InboxSection as Section,
} from '@/features/booking-merchant/api/list-merchant-reservations';
import { ReservationCard } from '@/features/booking-merchant/components/reservations-screen/reservation-card';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { plural } from '@/lib/texts';

const t = bookingMerchantTexts.prenotazioni;

/**
 * One tab of the inbox: its reservations, a page at a time from the server, live. Empty, it says so in its
 * own words, or in spec §8's 'Nessuna prenotazione ricevuta.' to a salon that has never received one. A visit's
 * parts show as one request, answered as a whole.
 */
export function InboxSection({ section, empty }: { section: Section; empty: string }) {
  const reservations = useMerchantReservations(section);
  const rows = reservations.data?.pages.flatMap((page) => page.reservations) ?? [];
  const received = useHasReservations(reservations.isSuccess && rows.length === 0);
  return (
    <QueryView
      query={reservations}
      pending={<LoadingBlocks />}
      isEmpty={() => rows.length === 0}
      empty={received.data === false ? t.empty : empty}
    >
      {() => (
        <div className="grid gap-4">
          <ul aria-label={plural(rows.length, t.count)} className="grid max-w-3xl gap-4">
            {groupVisits(rows).map((entry) =>
              entry.kind === 'single' ? (
                <li key={entry.reservation.id}>
                  <ReservationCard reservation={entry.reservation} />
                </li>
              ) : (
                <li key={entry.parts[0].id}>
                  <ReservationCard reservation={entry.parts[0]} visitParts={entry.parts} />
                </li>
              ),
            )}
          </ul>
          {reservations.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={reservations.isFetchingNextPage}
              onClick={() => void reservations.fetchNextPage()}
            >
              {reservations.isFetchingNextPage ? t.loadingMore : t.more}
            </Button>
          ) : null}
        </div>
      )}
    </QueryView>
  );
}
