import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toaster';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { useUpdateOperator } from '@/features/booking-merchant/api/update-operator';
import {
  editOperatorFormSchema,
  type OperatorDraft,
} from '@/features/booking-merchant/operator-and-logo-forms';
import { OperatorFields } from '@/features/booking-merchant/components/settings-screen/operators-section/operator-fields';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;
const c = bookingMerchantTexts.common;

/** Name required; a new photo only when the merchant picks one (spec §5). */
export function EditOperatorDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const form = useForm<OperatorDraft, unknown, z.output<typeof editOperatorFormSchema>>({
    resolver: zodResolver(editOperatorFormSchema),
    defaultValues: { name: operator.name, photo: null },
  });
  const { isSubmitting } = form.formState;
  const update = useUpdateOperator();

  const onSubmit = form.handleSubmit(async ({ name, photo }) => {
    try {
      notify.success((await update.mutateAsync({ operatorId: operator.id, name, photo })).message, 'long');
      onClose();
    } catch (error) {
      notify.error(fill(t.operatorError, { message: errorMessage(error) }), 'long');
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle>{t.editOperatorTitle}</DialogTitle>
        <DialogDescription className="sr-only">{operator.name}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <OperatorFields form={form} photoLabel={t.newPhoto} />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{c.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t.saving : t.saveOperator}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
