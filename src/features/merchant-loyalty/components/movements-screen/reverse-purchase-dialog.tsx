import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TextArea } from '@/components/ui/text-area';
import { notify } from '@/components/ui/toaster';
import type { Movement } from '@/features/merchant-loyalty/api/list-movements';
import { useReversePurchase } from '@/features/merchant-loyalty/api/reverse-purchase';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { errorMessage } from '@/lib/api-error';
import { formatDate, formatMoney } from '@/lib/format';
import { maxLength } from '@/lib/input-limits';
import { reasonFormSchema } from '@/lib/input-rules';
import { fill } from '@/lib/texts';

const t = merchantLoyaltyTexts.movimenti;

const formSchema = reasonFormSchema(t.reverseMissing);

/** Reverses a purchase with a reason: its credits are taken back and its discount returned. */
export function ReversePurchaseDialog({ movement, onClose }: { movement: Movement; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { reason: '' } });
  const [receiptNumber, setReceiptNumber] = useState('');
  const { errors, isSubmitting } = form.formState;
  const reverse = useReversePurchase();

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await reverse.mutateAsync({ movementId: movement.id, reason, receiptNumber });
      notify.success(t.reverseSuccess);
      onClose();
    } catch (error) {
      notify.error(fill(t.reverseError, { message: errorMessage(error) }), 'long');
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{t.reverseTitle}</DialogTitle>
        <DialogDescription>
          {fill(t.reverseDescription, {
            client: movement.client_name,
            date: formatDate(movement.date),
            spend: formatMoney(movement.spend),
          })}
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t.reverseReason} error={errors.reason?.message}>
            {(control) => (
              <TextArea {...control} required maxLength={maxLength.note} {...form.register('reason')} />
            )}
          </FormField>
          <FormField label={t.reverseReceiptNumber}>
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                maxLength={50}
                value={receiptNumber}
                onChange={(event) => setReceiptNumber(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{t.reverseCancel}</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? t.reverseSubmitting : t.reverseSubmit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
