import { Ban, Check, Trash2, X } from 'lucide-react';
import { dateWithWeekday, shortTime } from '@/components/booking/booking-dates';
import { ReservationStatusBadge } from '@/components/booking/reservation-status-badge';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { useAcceptReservationChange } from '@/features/booking-client/api/accept-reservation-change';
import { useCancelReservation } from '@/features/booking-client/api/cancel-reservation';
import { useDeclineReservationChange } from '@/features/booking-client/api/decline-reservation-change';
import { useDeleteReservation } from '@/features/booking-client/api/delete-reservation';
import type { Reservation } from '@/features/booking-client/api/schemas';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/** One of the customer's reservations: what, with whom, when, its status and what may be done. */
export function ClientReservationCard({
  merchantSlug,
  reservation,
}: {
  merchantSlug: string;
  reservation: Reservation;
}) {
  const accept = useAcceptReservationChange();
  const decline = useDeclineReservationChange();
  const remove = useDeleteReservation();
  const cancel = useCancelReservation();
  const input = { merchantSlug, reservationId: reservation.id };
  const busy = accept.isPending || decline.isPending || remove.isPending || cancel.isPending;
  const treatment = reservation.treatment_name;
  const may = (action: string) => reservation.actions.includes(action);

  const answer = async (action: typeof accept | typeof cancel) => {
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

  const rows = [
    { label: t.operatorLabel, value: reservation.operator_name || t.noPreference },
    { label: t.dateLabel, value: dateWithWeekday(reservation.date) },
    { label: t.timeLabel, value: shortTime(reservation.time) },
  ];

  return (
    <article
      aria-label={`${treatment} · ${formatDate(reservation.date)}`}
      className="grid gap-3 rounded-xl border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-sans text-lg font-semibold">{treatment}</h3>
        <ReservationStatusBadge status={reservation.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="font-medium">{row.value}</dd>
          </div>
        ))}
        {reservation.notes ? (
          <div className="contents">
            <dt className="text-muted-foreground">{t.notesLabel}</dt>
            <dd className="whitespace-pre-line">{reservation.notes}</dd>
          </div>
        ) : null}
      </dl>
      {reservation.actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
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
          {may('cancel') ? (
            <Button
              variant="outline"
              disabled={busy}
              aria-label={fill(t.cancelLabel, { treatment, date: formatDate(reservation.date) })}
              onClick={() => void answer(cancel)}
            >
              <Ban aria-hidden="true" />
              {t.cancel}
            </Button>
          ) : null}
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
      ) : null}
    </article>
  );
}
