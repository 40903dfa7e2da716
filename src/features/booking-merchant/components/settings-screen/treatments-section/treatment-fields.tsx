import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormField, RequiredMark } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TextArea } from '@/components/ui/text-area';
import type { Operator } from '@/features/booking-merchant/api/list-operators';
import { SuffixInput } from '@/features/booking-merchant/components/settings-screen/suffix-input';
import { TreatmentResourceFields } from '@/features/booking-merchant/components/settings-screen/treatments-section/treatment-resource-fields';
import { TreatmentTimingFields } from '@/features/booking-merchant/components/settings-screen/treatments-section/treatment-timing-fields';
import type { TreatmentForm } from '@/features/booking-merchant/components/settings-screen/treatments-section/use-treatment-form';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import {
  toggleAllOperators,
  toggleOperator,
  type TreatmentDraft,
} from '@/features/booking-merchant/treatment-form';
import { maxLength } from '@/lib/input-limits';

const t = bookingMerchantTexts.impostazioni;

/** The fields of a treatment, shared by the new one's form and the edit dialog. */
export function TreatmentFields({
  form,
  operators,
  treatmentId,
}: {
  form: TreatmentForm;
  operators: Operator[];
  /** The stored treatment being edited, whose resources the form fills in. */
  treatmentId?: string;
}) {
  const { errors } = form.formState;
  const operatorsErrorId = useId();
  const [allOperators, operatorIds] = useWatch({
    control: form.control,
    name: ['allOperators', 'operatorIds'],
  });
  const choose = (next: TreatmentDraft) => {
    const validate = form.formState.isSubmitted;
    form.setValue('allOperators', next.allOperators, { shouldValidate: validate });
    form.setValue('operatorIds', next.operatorIds, { shouldValidate: validate });
  };
  const draft = () => form.getValues();
  return (
    <>
      <p className="text-sm text-muted-foreground sm:col-span-2">{t.requiredNote}</p>
      <FormField label={t.treatmentName} required error={errors.name?.message} className="sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            required
            maxLength={maxLength.name}
            {...form.register('name')}
          />
        )}
      </FormField>
      <FormField label={t.description} required error={errors.description?.message} className="sm:col-span-2">
        {(control) => (
          <TextArea
            {...control}
            required
            maxLength={maxLength.description}
            {...form.register('description')}
          />
        )}
      </FormField>
      <FormField label={t.duration} required error={errors.duration?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="duration"
            render={({ field }) => (
              <SuffixInput
                {...control}
                ref={field.ref}
                inputMode="numeric"
                autoComplete="off"
                required
                suffix=" min"
                value={field.value}
                onValueChange={field.onChange}
              />
            )}
          />
        )}
      </FormField>
      <FormField label={t.price} required error={errors.price?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="price"
            render={({ field }) => (
              <SuffixInput
                {...control}
                ref={field.ref}
                inputMode="decimal"
                autoComplete="off"
                required
                suffix="€"
                value={field.value}
                onValueChange={field.onChange}
              />
            )}
          />
        )}
      </FormField>
      <TreatmentTimingFields form={form} />
      <TreatmentResourceFields form={form} treatmentId={treatmentId} />
      <fieldset
        className="grid gap-2 sm:col-span-2"
        aria-describedby={errors.operatorIds ? operatorsErrorId : undefined}
      >
        <legend className="mb-1 text-sm font-semibold">
          {t.operatorsLegend}
          <RequiredMark />
        </legend>
        <Choice
          label={t.allOperators}
          checked={allOperators}
          onChange={(checked) => choose(toggleAllOperators(draft(), checked))}
        />
        {operators.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.noOperators}</p>
        ) : (
          operators.map((operator) => (
            <Choice
              key={operator.id}
              label={operator.name}
              checked={operatorIds.includes(operator.id)}
              disabled={allOperators}
              onChange={(checked) => choose(toggleOperator(draft(), operator.id, checked))}
            />
          ))
        )}
        <p id={operatorsErrorId} role="alert" className="text-sm font-medium text-destructive empty:hidden">
          {errors.operatorIds?.message}
        </p>
      </fieldset>
    </>
  );
}

function Choice({
  label,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 has-disabled:opacity-60">
      <input
        type="checkbox"
        className="size-5 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
