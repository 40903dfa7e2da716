import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useCompleteVisitWithPurchase } from '@/features/booking-merchant/api/complete-visit-with-purchase';
import {
  useVisitPurchaseDraft,
  type VisitPurchaseDraft,
} from '@/features/booking-merchant/api/get-visit-purchase-draft';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { decimalField, toInputText } from '@/lib/decimal-input';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.visit;

/** Amounts as the purchase form takes them; the database checks credit and every rule of spec §9. */
const purchaseFormSchema = z.object({
  spend: decimalField({ required: t.spendRequired, invalid: t.amountInvalid, min: 0 }),
  discount: decimalField({ required: t.discountRequired, invalid: t.amountInvalid, min: 0 }),
  receiptNumber: z.string().check(z.trim(), z.maxLength(50)),
});

/** "Completa e registra": the visit's purchase, her treatment's price filled in, and the visit closed. */
export function CompleteVisitDialog({
  reservationId,
  onOpenChange,
  onDone,
}: {
  reservationId: string;
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}) {
  const draft = useVisitPurchaseDraft(reservationId);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t.purchaseTitle}</DialogTitle>
        <QueryView query={draft} pending={<LoadingBlocks count={2} className="h-12" />}>
          {(data) => (
            <PurchaseForm
              draft={data}
              onDone={() => {
                onOpenChange(false);
                onDone?.();
              }}
            />
          )}
        </QueryView>
      </DialogContent>
    </Dialog>
  );
}

function PurchaseForm({ draft, onDone }: { draft: VisitPurchaseDraft; onDone: () => void }) {
  const form = useForm<z.input<typeof purchaseFormSchema>, unknown, z.output<typeof purchaseFormSchema>>({
    resolver: zodResolver(purchaseFormSchema),
    defaultValues: {
      spend: draft.spend === null ? '' : toInputText(draft.spend),
      discount: '0',
      receiptNumber: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const complete = useCompleteVisitWithPurchase();

  const onSubmit = form.handleSubmit(async ({ spend, discount, receiptNumber }) => {
    try {
      notify.success(
        (await complete.mutateAsync({ reservationId: draft.reservation_id, spend, discount, receiptNumber }))
          .message,
        'long',
      );
      onDone();
    } catch (failure) {
      form.setError('root', { type: 'server', message: errorMessage(failure) });
    }
  });

  return (
    <>
      <DialogDescription>
        {fill(t.purchaseDescription, {
          treatment: draft.treatment_name,
          client: draft.client_name,
          code: draft.client_code,
        })}
      </DialogDescription>
      <p className="font-semibold">{fill(t.credit, { credit: formatMoney(draft.available_credit) })}</p>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField label={t.spend} error={errors.spend?.message}>
          {(control) => <Input {...control} inputMode="decimal" required {...form.register('spend')} />}
        </FormField>
        <FormField label={t.discount} error={errors.discount?.message}>
          {(control) => <Input {...control} inputMode="decimal" required {...form.register('discount')} />}
        </FormField>
        <FormField label={t.receiptNumber}>
          {(control) => (
            <Input {...control} autoComplete="off" maxLength={50} {...form.register('receiptNumber')} />
          )}
        </FormField>
        {errors.root?.message ? (
          <p role="alert" className="font-medium text-destructive">
            {errors.root.message}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{t.back}</Button>
          </DialogClose>
          <Button type="submit" disabled={isSubmitting}>
            {t.purchaseSubmit}
          </Button>
        </div>
      </form>
    </>
  );
}
