import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toaster';
import { useCancelReservation } from '@/features/booking-client/api/cancel-reservation';
import type { ReservationRow } from '@/components/booking/reservation-row';
import { bookingClientTexts } from '@/features/booking-client/texts';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingClientTexts;

/** 'Annulla', asked once more: a cancelled reservation cannot be taken back. */
export function CancelReservationButton({
  merchantSlug,
  reservation,
  when,
}: {
  merchantSlug: string;
  reservation: ReservationRow;
  when: string;
}) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelReservation();
  const treatment = reservation.treatment_name;

  const onConfirm = async () => {
    try {
      notify.success((await cancel.mutateAsync({ merchantSlug, reservationId: reservation.id })).message);
      setOpen(false);
    } catch (error) {
      notify.error(fill(t.actionError, { message: errorMessage(error) }));
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        aria-label={fill(t.cancelLabel, { treatment, date: formatDate(reservation.date) })}
        onClick={() => setOpen(true)}
      >
        <Ban aria-hidden="true" />
        {t.cancel}
      </Button>
      <DialogContent>
        <DialogTitle>{t.cancelTitle}</DialogTitle>
        <DialogDescription>{fill(t.cancelDescription, { treatment, when })}</DialogDescription>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{t.cancelBack}</Button>
          </DialogClose>
          <Button variant="destructive" disabled={cancel.isPending} onClick={() => void onConfirm()}>
            {t.cancelConfirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
