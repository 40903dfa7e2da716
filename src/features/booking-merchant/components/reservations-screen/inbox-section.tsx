import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import {
  useMerchantReservations,
  type InboxSection as Section,
} from '@/features/booking-merchant/api/list-merchant-reservations';
import { ReservationCard } from '@/features/booking-merchant/components/reservations-screen/reservation-card';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { plural } from '@/lib/texts';

const t = bookingMerchantTexts.prenotazioni;

/** One tab of the inbox: its reservations, a page at a time from the server, live. */
export function InboxSection({ section, empty }: { section: Section; empty: string }) {
  const reservations = useMerchantReservations(section);
  const rows = reservations.data?.pages.flatMap((page) => page.reservations) ?? [];
  return (
    <QueryView
      query={reservations}
      pending={<LoadingBlocks />}
      isEmpty={() => rows.length === 0}
      empty={empty}
    >
      {() => (
        <div className="grid gap-4">
          <ul aria-label={plural(rows.length, t.count)} className="grid max-w-3xl gap-4">
            {rows.map((reservation) => (
              <li key={reservation.id}>
                <ReservationCard reservation={reservation} />
              </li>
            ))}
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
