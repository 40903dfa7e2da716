import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toaster';
import { useConfirmReservation } from '@/features/booking-merchant/api/confirm-reservation';
import { useFreeOperators } from '@/features/booking-merchant/api/free-operators';
import type { ReservationRow } from '@/components/booking/reservation-row';
import { initialOperatorId } from '@/features/booking-merchant/free-operator-choice';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.prenotazioni;
const c = bookingMerchantTexts.common;

const confirmFormSchema = z.object({ operatorId: z.string().check(z.minLength(1, t.chooseOperator)) });
type ConfirmForm = z.input<typeof confirmFormSchema>;

/** Confirms a request made without preference, with the free operator the salon picks. */
export function ConfirmOperatorDialog({
  reservation,
  open,
  onOpenChange,
}: {
  reservation: ReservationRow;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const operators = useFreeOperators(reservation.id);
  const form = useForm<ConfirmForm>({
    resolver: zodResolver(confirmFormSchema),
    defaultValues: { operatorId: '' },
  });
  const { errors } = form.formState;
  const confirm = useConfirmReservation();
  const list = operators.data ?? [];
  const picked = useWatch({ control: form.control, name: 'operatorId' });
  // Until the salon picks one, the proposed (or first) free operator is chosen.
  const chosen = picked || initialOperatorId(list) || '';

  const submit = form.handleSubmit(async ({ operatorId }) => {
    try {
      await confirm.mutateAsync({ reservationId: reservation.id, operatorId });
      notify.success(t.confirmed, 'long');
      onOpenChange(false);
    } catch (error) {
      notify.error(fill(c.error, { message: errorMessage(error) }), 'long');
    }
  });
  const onSubmit = (event: FormEvent) => {
    form.setValue('operatorId', chosen);
    void submit(event);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t.confirmTitle}</DialogTitle>
        <DialogDescription>
          {fill(t.confirmDescription, {
            client: reservation.client_name,
            treatment: reservation.treatment_name,
          })}
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <QueryView
            query={operators}
            pending={<p className="text-muted-foreground">{t.loadingOperators}</p>}
            isEmpty={() => list.length === 0}
            empty={<p className="font-medium text-destructive">{t.noFreeOperator}</p>}
          >
            {() => (
              <fieldset className="grid gap-2">
                <legend className="mb-2 font-medium">{t.freeOperators}</legend>
                {list.map((operator) => (
                  <label
                    key={operator.id}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input px-3 py-2 has-checked:border-primary has-checked:bg-accent"
                  >
                    <input
                      type="radio"
                      name="operator"
                      value={operator.id}
                      checked={chosen === operator.id}
                      onChange={() => form.setValue('operatorId', operator.id, { shouldValidate: true })}
                      className="size-4 accent-primary"
                    />
                    <span className="font-medium">{operator.name}</span>
                    {operator.proposed ? (
                      <span className="ml-auto text-sm text-muted-foreground">{t.proposed}</span>
                    ) : null}
                  </label>
                ))}
              </fieldset>
            )}
          </QueryView>
          <p role="alert" className="font-medium text-destructive empty:hidden">
            {errors.operatorId?.message ?? ''}
          </p>
          {/* Side by side on a phone too: the way back beside the confirmation, never under it. */}
          <div className="grid grid-cols-[auto_1fr] gap-2 sm:flex sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t.back}</Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting || list.length === 0}>
              {t.confirmSubmit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
