import { Ban, Check, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { dateWithWeekday, shortTime } from '@/components/booking/booking-dates';
import { ReservationStatusBadge } from '@/components/booking/reservation-status-badge';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/layouts/page-heading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { useConfirmReservation } from '@/features/booking-merchant/api/confirm-reservation';
import {
  useMerchantReservations,
  type InboxReservation,
} from '@/features/booking-merchant/api/list-merchant-reservations';
import { CancelReservationDialog } from '@/features/booking-merchant/components/cancel-reservation-dialog';
import { ConfirmOperatorDialog } from '@/features/booking-merchant/components/confirm-operator-dialog';
import { ModifyReservationDialog } from '@/features/booking-merchant/components/modify-reservation-dialog';
import { LoadError, LoadingBlocks } from '@/features/booking-merchant/components/query-states';
import { RejectReservationDialog } from '@/features/booking-merchant/components/reject-reservation-dialog';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill, plural } from '@/lib/texts';

const t = bookingMerchantTexts.prenotazioni;
const c = bookingMerchantTexts.common;

/** /dashboard/prenotazioni 'Prenotazioni': the reservations received, live, with their actions. */
export function ReservationsScreen() {
  const reservations = useMerchantReservations();
  const rows = reservations.data?.pages.flatMap((page) => page.reservations) ?? [];
  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <PageHeading>{t.title}</PageHeading>
        <p className="text-muted-foreground">{t.lead}</p>
      </div>
      {reservations.isPending ? (
        <LoadingBlocks />
      ) : reservations.isError ? (
        <LoadError error={reservations.error} onRetry={() => void reservations.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <>
          <ul aria-label={plural(rows.length, t.count)} className="grid gap-4">
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
        </>
      )}
    </section>
  );
}

type Dialog = 'confirm' | 'modify' | 'reject' | 'cancel';

function ReservationCard({ reservation }: { reservation: InboxReservation }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const confirm = useConfirmReservation();
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

  const rows = [
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
      {reservation.slot_taken ? <p className="font-medium text-destructive">{t.slotTaken}</p> : null}
      {reservation.actions.length > 0 ? (
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          {may('confirm') ? (
            <Button
              aria-label={fill(t.confirmLabel, { client })}
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
              onClick={() => setDialog('cancel')}
            >
              <Ban aria-hidden="true" />
              {t.cancelAction}
            </Button>
          ) : null}
        </div>
      ) : null}
      {dialog === 'modify' ? (
        <ModifyReservationDialog
          reservation={reservation}
          open
          onOpenChange={(open) => setDialog(open ? 'modify' : null)}
        />
      ) : null}
      {dialog === 'reject' ? (
        <RejectReservationDialog
          reservation={reservation}
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
        <CancelReservationDialog
          reservation={reservation}
          open
          onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        />
      ) : null}
    </Card>
  );
}
