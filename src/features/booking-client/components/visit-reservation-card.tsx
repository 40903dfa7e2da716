import { CalendarClock, Check, X } from 'lucide-react';
import { dateWithWeekday, shortTime } from '@/components/booking/booking-dates';
import { ReservationStatusBadge } from '@/components/booking/reservation-status-badge';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { useAcceptReservationChange } from '@/features/booking-client/api/accept-reservation-change';
import { useDeclineReservationChange } from '@/features/booking-client/api/decline-reservation-change';
import type { SectionReservation } from '@/features/booking-client/api/list-reservation-sections';
import { AddToCalendarButton } from '@/features/booking-client/components/add-to-calendar-button';
import { CancelReservationButton } from '@/features/booking-client/components/cancel-reservation-button';
import { MoveReservationButton } from '@/features/booking-client/components/move-reservation-button';
import { RebookLink } from '@/features/booking-client/components/rebook-link';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { errorMessage } from '@/lib/api-error';
import { formatDate, formatTime } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/**
 * One of the customer's visits as one card: its treatments in order with their times and operators, its
 * state, the salon's proposal, and each action once for the whole visit (the database acts on every part
 * with the first): accept or decline, 'Sposta', 'Annulla', its calendar file and 'Prenota di nuovo'.
 */
export function VisitReservationCard({
  merchantSlug,
  parts,
  past,
}: {
  merchantSlug: string;
  /** The visit's parts in order, the first one first. */
  parts: [SectionReservation, ...SectionReservation[]];
  /** In the past section: 'Prenota di nuovo' opens Prenota on the same treatments and operators. */
  past: boolean;
}) {
  const [first] = parts;
  const accept = useAcceptReservationChange();
  const decline = useDeclineReservationChange();
  const busy = accept.isPending || decline.isPending;
  const may = (action: string) => first.actions.includes(action);
  const proposal = may('accept') || may('decline');
  const treatments = parts.map((part) => part.treatment_name).join(', ');
  const when = fill(t.dayAtTime, { day: dateWithWeekday(first.date), time: shortTime(first.time) });
  const whole = { ...first, treatment_name: treatments };
  const visitParts = parts.map((part) => ({
    treatmentId: part.treatment_id ?? '',
    operatorId: part.operator_id,
  }));

  const answer = async (action: typeof accept) => {
    try {
      notify.success((await action.mutateAsync({ merchantSlug, reservationId: first.id })).message);
    } catch (error) {
      notify.error(fill(t.actionError, { message: errorMessage(error) }));
    }
  };
  return (
    <article
      aria-label={`${treatments} · ${formatDate(first.date)} ${shortTime(first.time)}`}
      className="grid h-full content-start gap-3 rounded-xl border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 className="font-sans text-lg font-semibold">{fill(t.visitTitle, { treatments })}</h4>
        <ReservationStatusBadge status={first.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t.whenLabel}</dt>
        <dd className="font-medium">{when}</dd>
      </dl>
      <ol aria-label={t.visitParts} className="grid gap-1">
        {parts.map((part) => (
          <li key={part.id} className="flex flex-wrap gap-x-2">
            <span className="font-semibold tabular-nums">{shortTime(part.time)}</span>
            <span className="font-medium">{part.treatment_name}</span>
            <span className="text-muted-foreground">
              {[
                part.operator_name || t.noPreference,
                fill(t.duration, { minutes: part.duration_minutes ?? 0 }),
              ].join(' · ')}
            </span>
          </li>
        ))}
      </ol>
      {proposal ? (
        <div className="grid gap-1 rounded-lg border-l-4 border-gold bg-muted p-3">
          <p className="flex items-center gap-2 font-semibold">
            <CalendarClock aria-hidden="true" className="size-5 text-primary" />
            {t.proposal}
          </p>
          <p>{fill(t.proposalWhen, { when })}</p>
          {first.notes ? <p className="whitespace-pre-line">{first.notes}</p> : null}
        </div>
      ) : null}
      {first.cancel_until ? (
        <p className="text-sm text-muted-foreground">
          {fill(t.cancelUntil, {
            when: fill(t.dayAtTime, {
              day: formatDate(first.cancel_until),
              time: formatTime(first.cancel_until),
            }),
          })}
        </p>
      ) : null}
      {first.cancel_refusal ? (
        <p className="rounded-lg bg-muted p-3 text-sm">{first.cancel_refusal}</p>
      ) : null}
      <div className="flex flex-wrap gap-2 empty:hidden">
        {first.calendar_file ? (
          <AddToCalendarButton reservationId={first.id} treatment={treatments} date={first.date} />
        ) : null}
        {may('accept') ? (
          <Button
            disabled={busy}
            aria-label={fill(t.acceptLabel, { treatment: treatments })}
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
            aria-label={fill(t.declineLabel, { treatment: treatments })}
            onClick={() => void answer(decline)}
          >
            <X aria-hidden="true" />
            {t.decline}
          </Button>
        ) : null}
        {may('move') ? (
          <MoveReservationButton
            merchantSlug={merchantSlug}
            reservation={whole}
            when={when}
            visitParts={visitParts}
          />
        ) : null}
        {may('cancel') ? (
          <CancelReservationButton merchantSlug={merchantSlug} reservation={whole} when={when} />
        ) : null}
        {past ? <RebookLink parts={parts} /> : null}
      </div>
    </article>
  );
}
