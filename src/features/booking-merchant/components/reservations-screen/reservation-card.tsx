import { Ban, Check, Pencil, TriangleAlert, X } from 'lucide-react';
import { useId, useState } from 'react';
import { dateWithWeekday, shortTime } from '@/components/booking/booking-dates';
import { ReservationStatusBadge } from '@/components/booking/reservation-status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { useConfirmReservation } from '@/features/booking-merchant/api/confirm-reservation';
import { useMerchantCancelReservation } from '@/features/booking-merchant/api/merchant-cancel-reservation';
import { useRejectReservation } from '@/features/booking-merchant/api/reject-reservation';
import type { InboxReservation } from '@/features/booking-merchant/api/list-merchant-reservations';
import { ConfirmOperatorDialog } from '@/features/booking-merchant/components/reservations-screen/confirm-operator-dialog';
import { ModifyReservationDialog } from '@/features/booking-merchant/components/reservations-screen/modify-reservation-dialog';
import { ReservationReasonDialog } from '@/features/booking-merchant/components/reservation-reason-dialog';
import { ReminderStatus } from '@/features/booking-merchant/components/reminder-status';
import { WhatsAppAction } from '@/features/booking-merchant/components/whatsapp-action';
import { VisitOutcomeButtons } from '@/features/booking-merchant/components/visit-outcome-buttons';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill, plural } from '@/lib/texts';

const t = bookingMerchantTexts.prenotazioni;
const c = bookingMerchantTexts.common;
const v = bookingMerchantTexts.visit;

type Dialog = 'confirm' | 'modify' | 'reject' | 'cancel';

/** The actions share a phone's row; from sm up they take their natural width. */
const action =
  'min-w-0 flex-1 px-2 text-sm sm:flex-none sm:px-5 sm:text-base [&_svg]:hidden sm:[&_svg]:block';

/**
 * One reservation of the inbox with the actions the database allows, side by side even on a phone; for a visit,
 * its first part, with every part listed, answered as a whole (confirmed, modified or rejected at once).
 */
export function ReservationCard({
  reservation,
  visitParts,
}: {
  reservation: InboxReservation;
  visitParts?: InboxReservation[];
}) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const confirm = useConfirmReservation();
  const reject = useRejectReservation();
  const cancel = useMerchantCancelReservation();
  const slotTakenId = useId();
  const client = reservation.client_name;
  const may = (action: string) => reservation.actions.includes(action);

  const onConfirm = async () => {
    if (!reservation.operator_id) {
      setDialog('confirm');
      return;
    }
    try {
      await confirm.mutateAsync({ reservationId: reservation.id });
      notify.success(t.confirmed, 'long');
    } catch (error) {
      notify.error(fill(c.error, { message: errorMessage(error) }), 'long');
    }
  };

  const rows = visitParts
    ? [{ label: c.date, value: dateWithWeekday(reservation.date) }]
    : [
        { label: c.treatment, value: reservation.treatment_name },
        { label: c.operator, value: reservation.operator_name || c.noPreference },
        { label: c.date, value: dateWithWeekday(reservation.date) },
        { label: c.time, value: shortTime(reservation.time) },
      ];

  return (
    <Card className="grid h-full content-start gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-sans text-lg font-semibold">{client}</h2>
          {reservation.client_code ? (
            <p className="text-sm text-muted-foreground">{reservation.client_code}</p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {plural(reservation.client_completed_visits, v.completed)} ·{' '}
            {plural(reservation.client_no_shows, v.noShows)}
          </p>
        </div>
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
            <dt className="text-muted-foreground">{c.notes}</dt>
            <dd className="whitespace-pre-line">{reservation.notes}</dd>
          </div>
        ) : null}
      </dl>
      {visitParts ? (
        <ol aria-label={t.visitParts} className="grid gap-1">
          {visitParts.map((part) => (
            <li key={part.id} className="font-medium">
              {fill(t.visitPart, {
                time: shortTime(part.time),
                treatment: part.treatment_name,
                operator: part.operator_name || c.noPreference,
                minutes: part.duration_minutes ?? 0,
              })}
            </li>
          ))}
        </ol>
      ) : null}
      {reservation.often_missed && reservation.status === 'in attesa' ? (
        <p className="flex items-start gap-2 font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {v.oftenMissed}
        </p>
      ) : null}
      {reservation.slot_taken ? (
        <p id={slotTakenId} className="flex items-start gap-2 font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t.slotTaken}
        </p>
      ) : null}
      <ReminderStatus reminder={reservation.reminder} />
      <WhatsAppAction whatsapp={reservation.whatsapp} client={client} className="justify-self-start" />
      {reservation.actions.length > 0 ? (
        <div className="flex gap-2 sm:flex-wrap">
          {may('confirm') ? (
            <Button
              aria-label={fill(t.confirmLabel, { client })}
              aria-describedby={reservation.slot_taken ? slotTakenId : undefined}
              className={action}
              disabled={confirm.isPending}
              onClick={() => void onConfirm()}
            >
              <Check aria-hidden="true" />
              {t.confirm}
            </Button>
          ) : null}
          {may('modify') ? (
            <Button
              variant="outline"
              aria-label={fill(t.modifyLabel, { client })}
              className={action}
              onClick={() => setDialog('modify')}
            >
              <Pencil aria-hidden="true" />
              {t.modify}
            </Button>
          ) : null}
          {may('reject') ? (
            <Button
              variant="outline"
              aria-label={fill(t.rejectLabel, { client })}
              className={action}
              onClick={() => setDialog('reject')}
            >
              <X aria-hidden="true" />
              {t.reject}
            </Button>
          ) : null}
          {may('cancel') ? (
            <Button
              variant="outline"
              aria-label={fill(t.cancelActionLabel, { client })}
              className={action}
              onClick={() => setDialog('cancel')}
            >
              <Ban aria-hidden="true" />
              {t.cancelAction}
            </Button>
          ) : null}
          <VisitOutcomeButtons
            reservationId={reservation.id}
            client={client}
            actions={reservation.actions}
            className={action}
          />
        </div>
      ) : null}
      {dialog === 'modify' ? (
        <ModifyReservationDialog
          reservation={reservation}
          visitParts={visitParts}
          open
          onOpenChange={(open) => setDialog(open ? 'modify' : null)}
        />
      ) : null}
      {dialog === 'reject' ? (
        <ReservationReasonDialog
          reservation={reservation}
          texts={t.rejectDialog}
          send={reject.mutateAsync}
          open
          onOpenChange={(open) => setDialog(open ? 'reject' : null)}
        />
      ) : null}
      {dialog === 'confirm' ? (
        <ConfirmOperatorDialog
          reservation={reservation}
          open
          onOpenChange={(open) => setDialog(open ? 'confirm' : null)}
        />
      ) : null}
      {dialog === 'cancel' ? (
        <ReservationReasonDialog
          reservation={reservation}
          texts={t.cancelDialog}
          send={cancel.mutateAsync}
          open
          onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        />
      ) : null}
    </Card>
  );
}
