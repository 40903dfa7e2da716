import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useResources } from '@/features/booking-merchant/api/list-resources';
import type { TreatmentForm } from '@/features/booking-merchant/components/settings-screen/treatments-section/use-treatment-form';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.impostazioni;

/** The cabins and equipment a treatment needs (shown once the salon has any). */
export function TreatmentResourceFields({
  form,
  treatmentId,
}: {
  form: TreatmentForm;
  treatmentId?: string;
}) {
  const resources = useResources();
  const chosen = useWatch({ control: form.control, name: 'resourceIds' });
  const data = resources.data;
  // A stored treatment's resources arrive with the list: filled in until the merchant changes them.
  useEffect(() => {
    if (!data || !treatmentId || form.getFieldState('resourceIds').isDirty) return;
    const needed = data.filter((resource) => resource.treatment_ids.includes(treatmentId)).map((r) => r.id);
    form.setValue('resourceIds', needed);
  }, [data, treatmentId, form]);
  if (!data || data.length === 0) return null;
  const toggle = (id: string, checked: boolean) =>
    form.setValue(
      'resourceIds',
      checked ? [...chosen.filter((other) => other !== id), id] : chosen.filter((other) => other !== id),
      { shouldDirty: true },
    );
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-semibold">{t.resourcesNeeded}</legend>
      {data.map((resource) => (
        <label key={resource.id} className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="size-5 accent-primary"
            checked={chosen.includes(resource.id)}
            onChange={(event) => toggle(resource.id, event.target.checked)}
          />
          <span>{resource.active ? resource.name : `${resource.name} (${t.resourceInactive})`}</span>
        </label>
      ))}
    </fieldset>
  );
}
