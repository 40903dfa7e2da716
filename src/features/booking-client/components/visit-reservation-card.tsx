import { dateWithWeekday, shortTime } from '@/components/booking/booking-dates';
import { ReservationStatusBadge } from '@/components/booking/reservation-status-badge';
import type { SectionReservation } from '@/features/booking-client/api/list-reservation-sections';
import { CancelReservationButton } from '@/features/booking-client/components/cancel-reservation-button';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { formatDate, formatTime } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/**
 * One of the customer's visits as one card: its treatments in order with their times and operators, its
 * state, and one 'Annulla' for the whole visit (the database cancels every part with the first).
 */
export function VisitReservationCard({
  merchantSlug,
  parts,
}: {
  merchantSlug: string;
  /** The visit's parts in order, the first one first. */
  parts: [SectionReservation, ...SectionReservation[]];
}) {
  const [first] = parts;
  const treatments = parts.map((part) => part.treatment_name).join(', ');
  const when = fill(t.dayAtTime, { day: dateWithWeekday(first.date), time: shortTime(first.time) });
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
      {first.actions.includes('cancel') ? (
        <div className="flex flex-wrap gap-2">
          <CancelReservationButton
            merchantSlug={merchantSlug}
            reservation={{ ...first, treatment_name: treatments }}
            when={when}
          />
        </div>
      ) : null}
    </article>
  );
}
