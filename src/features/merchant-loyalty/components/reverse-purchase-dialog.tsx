import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toaster';
import type { Movement } from '@/features/merchant-loyalty/api/list-movements';
import { useReversePurchase } from '@/features/merchant-loyalty/api/reverse-purchase';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { errorMessage } from '@/lib/api-error';
import { formatDate, formatMoney } from '@/lib/format';
import { maxLength } from '@/lib/input-limits';
import { fill } from '@/lib/texts';

const t = merchantLoyaltyTexts.movimenti;

/** Reverses a purchase with a reason: its credits are taken back and its discount returned. */
export function ReversePurchaseDialog({ movement, onClose }: { movement: Movement; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reverse = useReversePurchase();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    try {
      await reverse.mutateAsync({ movementId: movement.id, reason });
      notify.success(t.reverseSuccess);
      onClose();
    } catch (error) {
      notify.error(fill(t.reverseError, { message: errorMessage(error) }), 'long');
    }
  };

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
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <FormField label={t.reverseReason} error={missing ? t.reverseMissing : undefined}>
            {(control) => (
              <textarea
                {...control}
                required
                maxLength={maxLength.note}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setMissing(false);
                }}
                className="block min-h-24 w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive"
              />
            )}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{t.reverseCancel}</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={reverse.isPending}>
              {reverse.isPending ? t.reverseSubmitting : t.reverseSubmit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
