import { CalendarPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { useReservationIcs } from '@/features/booking-client/api/get-reservation-ics';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { failureText } from '@/lib/api-error';
import { downloadText } from '@/lib/download-text';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/** 'Aggiungi al calendario' for a confirmed appointment: downloads its .ics (`prenotazione-<date>.ics`). */
export function AddToCalendarButton({
  reservationId,
  treatment,
  date,
}: {
  reservationId: string;
  treatment: string;
  /** The appointment's date, 'YYYY-MM-DD' (Europe/Rome). */
  date: string;
}) {
  const ics = useReservationIcs();

  const onClick = async () => {
    try {
      downloadText(
        await ics.mutateAsync({ reservationId }),
        `prenotazione-${date}.ics`,
        'text/calendar;charset=utf-8',
      );
    } catch (error) {
      notify.error(failureText(t.calendarError, error));
    }
  };

  return (
    <Button
      variant="outline"
      disabled={ics.isPending}
      aria-label={fill(t.addToCalendarLabel, { treatment, date: formatDate(date) })}
      onClick={() => void onClick()}
    >
      <CalendarPlus aria-hidden="true" />
      {t.addToCalendar}
    </Button>
  );
}
