import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { useAddTreatment } from '@/features/booking-merchant/api/add-treatment';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { TreatmentFields } from '@/features/booking-merchant/components/settings-screen/treatments-section/treatment-fields';
import { useTreatmentForm } from '@/features/booking-merchant/components/settings-screen/treatments-section/use-treatment-form';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { emptyTreatmentDraft } from '@/features/booking-merchant/treatment-form';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

/** 'Nuovo trattamento': saved, announced and emptied for the next one. */
export function AddTreatmentForm({ operators }: { operators: Operator[] }) {
  const { form, summary } = useTreatmentForm(emptyTreatmentDraft);
  const add = useAddTreatment();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      notify.success(t.treatmentAdded, 'long');
      form.reset(emptyTreatmentDraft);
    } catch (error) {
      notify.error(fill(t.treatmentError, { message: errorMessage(error) }), 'long');
    }
  }, notify.clear);

  return (
    <form
      noValidate
      aria-label={t.newTreatment}
      onSubmit={onSubmit}
      className="grid gap-4 rounded-xl bg-muted/60 p-4 sm:grid-cols-2"
    >
      <h3 className="font-sans text-base font-semibold sm:col-span-2">{t.newTreatment}</h3>
      <TreatmentFields form={form} operators={operators} />
      <p role="alert" className="font-medium text-destructive empty:hidden sm:col-span-2">
        {summary ?? ''}
      </p>
      <Button type="submit" className="justify-self-start" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t.saving : t.addTreatment}
      </Button>
    </form>
  );
}
