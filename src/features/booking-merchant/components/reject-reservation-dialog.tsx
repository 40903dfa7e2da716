import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toaster';
import { useRejectReservation } from '@/features/booking-merchant/api/reject-reservation';
import type { ReservationRow } from '@/components/booking/reservation-row';
import { TextArea } from '@/components/ui/text-area';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';
import { maxLength } from '@/lib/input-limits';
import { reasonFormSchema } from '@/lib/input-rules';

const t = bookingMerchantTexts.prenotazioni;

const formSchema = reasonFormSchema(t.rejectMissing);

/** Rejects a reservation with a reason the customer reads in its notes. */
export function RejectReservationDialog({
  reservation,
  open,
  onOpenChange,
}: {
  reservation: ReservationRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const reject = useRejectReservation();

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await reject.mutateAsync({ reservationId: reservation.id, reason });
      notify.success(t.rejected, 'long');
      onOpenChange(false);
    } catch (error) {
      notify.error(fill(bookingMerchantTexts.common.error, { message: errorMessage(error) }), 'long');
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t.rejectTitle}</DialogTitle>
        <DialogDescription>
          {fill(t.rejectDescription, {
            client: reservation.client_name,
            treatment: reservation.treatment_name,
          })}
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t.reason} error={errors.reason?.message}>
            {(control) => (
              <TextArea maxLength={maxLength.note} {...control} required {...form.register('reason')} />
            )}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{bookingMerchantTexts.common.cancel}</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {t.rejectSubmit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
