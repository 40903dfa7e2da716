import { Controller, type FieldPath } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { SuffixInput } from '@/features/booking-merchant/components/settings-screen/suffix-input';
import type { TreatmentForm } from '@/features/booking-merchant/components/settings-screen/treatments-section/use-treatment-form';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import type { TreatmentDraft } from '@/features/booking-merchant/treatment-form';

const t = bookingMerchantTexts.impostazioni;

/** The optional pause after a treatment and its processing time ('Tempo di posa'). */
export function TreatmentTimingFields({ form }: { form: TreatmentForm }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField
        label={t.buffer}
        hint={t.bufferHint}
        error={errors.buffer?.message}
        className="sm:col-span-2"
      >
        {(control) => <MinutesInput form={form} name="buffer" control={control} />}
      </FormField>
      <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold">{t.processingLegend}</legend>
        <p className="text-sm text-muted-foreground sm:col-span-2">{t.processingHint}</p>
        <FormField label={t.processingOffset}>
          {(control) => <MinutesInput form={form} name="processingOffset" control={control} />}
        </FormField>
        <FormField label={t.processingMinutes} error={errors.processingMinutes?.message}>
          {(control) => <MinutesInput form={form} name="processingMinutes" control={control} />}
        </FormField>
      </fieldset>
    </>
  );
}

function MinutesInput({
  form,
  name,
  control,
}: {
  form: TreatmentForm;
  name: FieldPath<TreatmentDraft> & ('buffer' | 'processingOffset' | 'processingMinutes');
  control: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SuffixInput
          {...control}
          ref={field.ref}
          inputMode="numeric"
          autoComplete="off"
          suffix=" min"
          value={field.value}
          onValueChange={field.onChange}
        />
      )}
    />
  );
}
