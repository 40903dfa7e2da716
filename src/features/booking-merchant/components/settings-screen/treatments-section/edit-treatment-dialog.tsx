import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toaster';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { useResources } from '@/features/booking-merchant/api/list-resources';
import type { Treatment } from '@/features/booking-merchant/api/list-treatments';
import { useUpdateTreatment } from '@/features/booking-merchant/api/update-treatment';
import { TreatmentFields } from '@/features/booking-merchant/components/settings-screen/treatments-section/treatment-fields';
import { useTreatmentForm } from '@/features/booking-merchant/components/settings-screen/treatments-section/use-treatment-form';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { treatmentDraftOf } from '@/features/booking-merchant/treatment-form';
import { errorMessage } from '@/lib/api-error';

const t = bookingMerchantTexts.impostazioni;
const c = bookingMerchantTexts.common;

/** 'Modifica trattamento': the same fields, filled in; the database's refusal stays in the dialog. */
export function EditTreatmentDialog({
  treatment,
  operators,
  onClose,
}: {
  treatment: Treatment;
  operators: Operator[];
  onClose: () => void;
}) {
  const resources = useResources();
  const { form, summary } = useTreatmentForm(
    treatmentDraftOf(
      treatment,
      resources.data?.filter((resource) => resource.treatment_ids.includes(treatment.id)),
    ),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateTreatment();

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      notify.success((await update.mutateAsync({ treatmentId: treatment.id, ...values })).message, 'long');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogTitle className="pr-10">{t.editTreatmentTitle}</DialogTitle>
        <DialogDescription className="sr-only">{treatment.name}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <TreatmentFields form={form} operators={operators} treatmentId={treatment.id} />
          <p role="alert" className="font-medium text-destructive empty:hidden sm:col-span-2">
            {summary ?? problem ?? ''}
          </p>
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <DialogClose asChild>
              <Button variant="outline">{c.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? t.saving : t.saveTreatment}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
