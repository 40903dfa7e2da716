import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toaster';
import type { SectionReservation } from '@/features/booking-client/api/list-reservation-sections';
import { useBookingDays } from '@/features/booking-client/api/list-booking-days';
import { useFreeTimePeriods } from '@/features/booking-client/api/list-free-time-periods';
import { useVisitFreeTimes, type VisitPart } from '@/components/booking/visit-free-times';
import { useMoveReservation } from '@/features/booking-client/api/move-reservation';
import { DayStrip } from '@/features/booking-client/components/day-strip';
import { TimeChips } from '@/features/booking-client/components/time-chips';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/**
 * 'Sposta': a new day and free time for the appointment, or for a whole visit (its first part given, the times
 * where every part fits), sent to the salon, which confirms or refuses it.
 */
export function MoveReservationButton({
  merchantSlug,
  reservation,
  when,
  visitParts,
}: {
  merchantSlug: string;
  reservation: SectionReservation;
  when: string;
  /** A visit's treatments and operators in order: it moves whole. */
  visitParts?: VisitPart[];
}) {
  const [open, setOpen] = useState(false);
  const treatment = reservation.treatment_name;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        aria-label={fill(t.moveLabel, { treatment, date: formatDate(reservation.date) })}
        onClick={() => setOpen(true)}
      >
        <CalendarClock aria-hidden="true" />
        {t.move}
      </Button>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>{t.moveTitle}</DialogTitle>
        <DialogDescription>{fill(t.moveDescription, { treatment, when })}</DialogDescription>
        {open ? (
          <MoveChoice
            merchantSlug={merchantSlug}
            reservation={reservation}
            visitParts={visitParts}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function MoveChoice({
  merchantSlug,
  reservation,
  visitParts,
  onDone,
}: {
  merchantSlug: string;
  reservation: SectionReservation;
  visitParts?: VisitPart[];
  onDone: () => void;
}) {
  const [date, setDate] = useState('');
  const [chosenTime, setTime] = useState('');
  const days = useBookingDays(merchantSlug);
  const singlePeriods = useFreeTimePeriods({
    merchantSlug,
    treatmentId: visitParts ? '' : (reservation.treatment_id ?? ''),
    operatorId: reservation.operator_id,
    date,
  });
  const visitPeriods = useVisitFreeTimes({ merchantSlug, parts: visitParts ?? [], date }, t.visitTimes);
  const periods = visitParts ? visitPeriods : singlePeriods;
  const move = useMoveReservation();
  // A time taken meanwhile (the list is live) is no longer chosen.
  const time = periods.data?.some((group) => group.times.includes(chosenTime)) ? chosenTime : '';

  const onMove = async () => {
    try {
      const moved = await move.mutateAsync({ merchantSlug, reservationId: reservation.id, date, time });
      notify.success(moved.message);
      onDone();
    } catch (error) {
      notify.error(fill(t.actionError, { message: errorMessage(error) }));
    }
  };

  return (
    <div className="grid min-w-0 gap-6">
      <QueryView query={days} pending={<LoadingBlocks count={1} className="h-20" />}>
        {(data) => (
          <DayStrip
            number={1}
            days={data}
            chosen={date}
            onChoose={(next) => {
              setDate(next);
              setTime('');
            }}
          />
        )}
      </QueryView>
      {date ? <TimeChips number={2} periods={periods} chosen={time} onChoose={setTime} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline">{t.moveBack}</Button>
        </DialogClose>
        <Button disabled={!time || move.isPending} onClick={() => void onMove()}>
          {t.moveConfirm}
        </Button>
      </div>
    </div>
  );
}
