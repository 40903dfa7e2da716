import { dateWithWeekday, shortTime } from '@/components/booking/booking-dates';
import { Card } from '@/components/ui/card';
import { useVisitsToClose } from '@/features/booking-merchant/api/list-visits-to-close';
import { VisitOutcomeButtons } from '@/features/booking-merchant/components/visit-outcome-buttons';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.visit;

/** "Da chiudere": past days' appointments still unmarked, each with its two outcomes; hidden when none. */
export function VisitsToClose() {
  const visits = useVisitsToClose();
  if (!visits.data?.length) return null;
  return (
    <section aria-labelledby="visits-to-close-title" className="grid gap-3">
      <div>
        <h2 id="visits-to-close-title" className="font-sans text-lg font-semibold">
          {t.toClose}
        </h2>
        <p className="text-muted-foreground">{t.toCloseLead}</p>
      </div>
      <ul className="grid gap-3 lg:grid-cols-2">
        {visits.data.map((visit) => (
          <li key={visit.id}>
            <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold">{visit.client_name}</p>
                <p className="text-sm text-muted-foreground first-letter:uppercase">
                  {dateWithWeekday(visit.date)}, {shortTime(visit.time)} · {visit.treatment_name}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <VisitOutcomeButtons
                  reservationId={visit.id}
                  client={visit.client_name}
                  actions={visit.actions}
                />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
