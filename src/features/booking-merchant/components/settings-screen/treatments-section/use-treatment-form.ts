import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import {
  isIncomplete,
  treatmentFormSchema,
  type TreatmentDraft,
  type TreatmentValues,
} from '@/features/booking-merchant/treatment-form';

export type TreatmentForm = UseFormReturn<TreatmentDraft, unknown, TreatmentValues>;

/** The treatment form: the schema's messages under each field, and 'fill every field' when one is empty. */
export function useTreatmentForm(defaultValues: TreatmentDraft): {
  form: TreatmentForm;
  summary: string | null;
} {
  const form = useForm<TreatmentDraft, unknown, TreatmentValues>({
    resolver: zodResolver(treatmentFormSchema),
    defaultValues,
  });
  const summary = isIncomplete(form.formState.errors)
    ? bookingMerchantTexts.impostazioni.formIncomplete
    : null;
  return { form, summary };
}
