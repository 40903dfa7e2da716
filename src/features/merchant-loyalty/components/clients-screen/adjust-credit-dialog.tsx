import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TextArea } from '@/components/ui/text-area';
import { notify } from '@/components/ui/toaster';
import { useAdjustCredit } from '@/features/merchant-loyalty/api/adjust-credit';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { errorMessage } from '@/lib/api-error';
import { maxLength } from '@/lib/input-limits';
import { fill } from '@/lib/texts';

const t = merchantLoyaltyTexts.clienti;

/** A signed amount in euro with at most two decimals ('-2,50' removes), and a reason. */
const adjustFormSchema = z.object({
  amount: z.pipe(
    z.string().check(z.trim(), z.regex(/^-?\d+([.,]\d{1,2})?$/, t.adjustAmountInvalid)),
    z.transform((text) => Number(text.replace(',', '.'))),
  ),
  reason: z.string().check(z.trim(), z.minLength(1, t.adjustReasonMissing), z.maxLength(maxLength.note)),
});

/** "Modifica credito": credit the salon gives (a gift) or takes back (a correction), with its reason. */
export function AdjustCreditDialog({
  client,
  onClose,
}: {
  client: { code: string; name: string };
  onClose: () => void;
}) {
  const form = useForm<z.input<typeof adjustFormSchema>, unknown, z.output<typeof adjustFormSchema>>({
    resolver: zodResolver(adjustFormSchema),
    defaultValues: { amount: '', reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const adjust = useAdjustCredit();

  const onSubmit = form.handleSubmit(async ({ amount, reason }) => {
    try {
      notify.success((await adjust.mutateAsync({ clientCode: client.code, amount, reason })).message);
      onClose();
    } catch (error) {
      form.setError('amount', { type: 'server', message: errorMessage(error) });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{t.adjustTitle}</DialogTitle>
        <DialogDescription>{fill(t.adjustDescription, { client: client.name })}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t.adjustAmount} error={errors.amount?.message}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                required
                {...form.register('amount')}
              />
            )}
          </FormField>
          <FormField label={t.adjustReason} error={errors.reason?.message}>
            {(control) => (
              <TextArea {...control} required maxLength={maxLength.note} {...form.register('reason')} />
            )}
          </FormField>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{t.adjustBack}</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {t.adjustSubmit}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
