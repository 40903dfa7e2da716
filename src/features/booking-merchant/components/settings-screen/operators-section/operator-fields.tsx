import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PhotoField } from '@/features/booking-merchant/components/settings-screen/photo-field';
import type { OperatorDraft } from '@/features/booking-merchant/operator-and-logo-forms';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { maxLength } from '@/lib/input-limits';

const t = bookingMerchantTexts.impostazioni;

/** The name and photo of an operator, shared by the new one's form and the edit dialog. */
export function OperatorFields<Values>({
  form,
  photoLabel,
  photoHint,
  inputKey,
}: {
  form: UseFormReturn<OperatorDraft, unknown, Values>;
  photoLabel: string;
  photoHint?: string;
  /** Changes to empty the photo picker after a save. */
  inputKey?: number;
}) {
  const { errors } = form.formState;
  return (
    <>
      <FormField label={t.operatorName} error={errors.name?.message}>
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
      <Controller
        control={form.control}
        name="photo"
        render={({ field }) => (
          <PhotoField
            label={photoLabel}
            hint={photoHint}
            error={errors.photo?.message}
            file={field.value}
            onFileChange={field.onChange}
            inputKey={inputKey}
          />
        )}
      />
    </>
  );
}
