import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { ReservationRow } from '@/components/booking/reservation-row';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { TextArea } from '@/components/ui/text-area';
import { notify } from '@/components/ui/toaster';
import type { ReservationReasonInput } from '@/features/booking-merchant/api/schemas';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { maxLength } from '@/lib/input-limits';
import { reasonFormSchema } from '@/lib/input-rules';
import { fill } from '@/lib/texts';

/** A reason dialog's words: the description fills {client} and {treatment}; `done` is the success notice. */
interface ReservationReasonTexts {
  title: string;
  description: string;
  reason: string;
  missing: string;
  submit: string;
  dismiss: string;
  done: string;
}

/** The salon rejects or cancels a reservation with a reason the customer reads in its notes. */
export function ReservationReasonDialog({
  reservation,
  texts,
  send,
  open,
  onOpenChange,
}: {
  reservation: Pick<ReservationRow, 'id' | 'client_name' | 'treatment_name'>;
  texts: ReservationReasonTexts;
  send: (input: ReservationReasonInput) => Promise<unknown>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formSchema = useMemo(() => reasonFormSchema(texts.missing), [texts.missing]);
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await send({ reservationId: reservation.id, reason });
      notify.success(texts.done, 'long');
      onOpenChange(false);
    } catch (error) {
      notify.error(fill(bookingMerchantTexts.common.error, { message: errorMessage(error) }), 'long');
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{texts.title}</DialogTitle>
        <DialogDescription>
          {fill(texts.description, {
            client: reservation.client_name,
            treatment: reservation.treatment_name,
          })}
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={texts.reason} error={errors.reason?.message}>
            {(control) => (
              <TextArea maxLength={maxLength.note} {...control} required {...form.register('reason')} />
            )}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{texts.dismiss}</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {texts.submit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
