import { CalendarClock, Check, Trash2, X } from 'lucide-react';
import { dateWithWeekday, shortTime } from '@/components/booking/booking-dates';
import { ReservationStatusBadge } from '@/components/booking/reservation-status-badge';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { useAcceptReservationChange } from '@/features/booking-client/api/accept-reservation-change';
import { useDeclineReservationChange } from '@/features/booking-client/api/decline-reservation-change';
import { useDeleteReservation } from '@/features/booking-client/api/delete-reservation';
import type { SectionReservation } from '@/features/booking-client/api/list-reservation-sections';
import { AddToCalendarButton } from '@/features/booking-client/components/add-to-calendar-button';
import { MoveReservationButton } from '@/features/booking-client/components/move-reservation-button';
import { RebookLink } from '@/features/booking-client/components/rebook-link';
import { CancelReservationButton } from '@/features/booking-client/components/cancel-reservation-button';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { errorMessage } from '@/lib/api-error';
import { formatDate, formatTime } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/**
 * One of the customer's reservations: what, when, with whom, its state, the salon's proposal or note, and
 * the actions the database allows now (the action row has room for one more button).
 */
export function ClientReservationCard({
  merchantSlug,
  reservation,
  past,
}: {
  merchantSlug: string;
  reservation: SectionReservation;
  /** In the past section: 'Prenota di nuovo' opens Prenota on the same treatment and operator. */
  past: boolean;
}) {
  const accept = useAcceptReservationChange();
  const decline = useDeclineReservationChange();
  const remove = useDeleteReservation();
  const input = { merchantSlug, reservationId: reservation.id };
  const busy = accept.isPending || decline.isPending || remove.isPending;
  const treatment = reservation.treatment_name;
  const may = (action: string) => reservation.actions.includes(action);
  const when = fill(t.dayAtTime, {
    day: dateWithWeekday(reservation.date),
    time: shortTime(reservation.time),
  });
  const proposal = may('accept') || may('decline');

  const answer = async (action: typeof accept) => {
    try {
      notify.success((await action.mutateAsync(input)).message);
    } catch (error) {
      notify.error(fill(t.actionError, { message: errorMessage(error) }));
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync(input);
      notify.success(t.deleted);
    } catch {
      notify.error(t.deleteError);
    }
  };

  return (
    <article
      aria-label={`${treatment} · ${formatDate(reservation.date)} ${shortTime(reservation.time)}`}
      className="grid h-full content-start gap-3 rounded-xl border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 className="font-sans text-lg font-semibold">{treatment}</h4>
        <ReservationStatusBadge status={reservation.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t.whenLabel}</dt>
        <dd className="font-medium">{when}</dd>
        <dt className="text-muted-foreground">{t.operatorLabel}</dt>
        <dd className="font-medium">{reservation.operator_name || t.noPreference}</dd>
        {reservation.duration_minutes ? (
          <>
            <dt className="text-muted-foreground">{t.durationLabel}</dt>
            <dd>{fill(t.duration, { minutes: reservation.duration_minutes })}</dd>
          </>
        ) : null}
        {reservation.notes && !proposal ? (
          <>
            <dt className="text-muted-foreground">{t.notesLabel}</dt>
            <dd className="whitespace-pre-line">{reservation.notes}</dd>
          </>
        ) : null}
      </dl>
      {proposal ? (
        <div className="grid gap-1 rounded-lg border-l-4 border-gold bg-muted p-3">
          <p className="flex items-center gap-2 font-semibold">
            <CalendarClock aria-hidden="true" className="size-5 text-primary" />
            {t.proposal}
          </p>
          <p>{fill(t.proposalWhen, { when })}</p>
          {reservation.notes ? <p className="whitespace-pre-line">{reservation.notes}</p> : null}
        </div>
      ) : null}
      {reservation.cancel_until ? (
        <p className="text-sm text-muted-foreground">
          {fill(t.cancelUntil, {
            when: fill(t.dayAtTime, {
              day: formatDate(reservation.cancel_until),
              time: formatTime(reservation.cancel_until),
            }),
          })}
        </p>
      ) : null}
      {reservation.cancel_refusal ? (
        <p className="rounded-lg bg-muted p-3 text-sm">{reservation.cancel_refusal}</p>
      ) : null}
      {/* The row of actions; it hides itself when empty, so a button added here needs no condition. */}
      <div className="flex flex-wrap gap-2 empty:hidden">
        {reservation.calendar_file ? (
          <AddToCalendarButton reservationId={reservation.id} treatment={treatment} date={reservation.date} />
        ) : null}
        {may('accept') ? (
          <Button
            disabled={busy}
            aria-label={fill(t.acceptLabel, { treatment })}
            onClick={() => void answer(accept)}
          >
            <Check aria-hidden="true" />
            {t.accept}
          </Button>
        ) : null}
        {may('decline') ? (
          <Button
            variant="outline"
            disabled={busy}
            aria-label={fill(t.declineLabel, { treatment })}
            onClick={() => void answer(decline)}
          >
            <X aria-hidden="true" />
            {t.decline}
          </Button>
        ) : null}
        {may('move') ? (
          <MoveReservationButton merchantSlug={merchantSlug} reservation={reservation} when={when} />
        ) : null}
        {may('cancel') ? (
          <CancelReservationButton merchantSlug={merchantSlug} reservation={reservation} when={when} />
        ) : null}
        {past ? <RebookLink parts={[reservation]} /> : null}
        {may('delete') ? (
          <Button
            variant="outline"
            disabled={busy}
            aria-label={fill(t.deleteLabel, { treatment, date: formatDate(reservation.date) })}
            onClick={() => void onDelete()}
          >
            <Trash2 aria-hidden="true" />
            {t.delete}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
