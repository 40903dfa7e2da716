import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { useAddOperator } from '@/features/booking-merchant/api/add-operator';
import {
  newOperatorFormSchema,
  type OperatorDraft,
} from '@/features/booking-merchant/operator-and-logo-forms';
import { OperatorFields } from '@/features/booking-merchant/components/settings-screen/operators-section/operator-fields';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { fill } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

const emptyOperator: OperatorDraft = { name: '', photo: null };

/** 'Nuovo operatore': name and photo required; emptied, photo picker too, for the next one. */
export function AddOperatorForm() {
  const form = useForm<OperatorDraft, unknown, z.output<typeof newOperatorFormSchema>>({
    resolver: zodResolver(newOperatorFormSchema),
    defaultValues: emptyOperator,
  });
  const { isSubmitting } = form.formState;
  const [inputKey, setInputKey] = useState(0);
  const add = useAddOperator();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      notify.success(t.operatorAdded, 'long');
      form.reset(emptyOperator);
      setInputKey((key) => key + 1);
    } catch (error) {
      notify.error(fill(t.operatorError, { message: errorMessage(error) }), 'long');
    }
  });

  return (
    <form
      noValidate
      aria-label={t.newOperator}
      onSubmit={onSubmit}
      className="grid gap-4 rounded-xl bg-muted/60 p-4"
    >
      <h3 className="font-sans text-base font-semibold">{t.newOperator}</h3>
      <OperatorFields form={form} photoLabel={t.photo} photoHint={t.photoHint} inputKey={inputKey} />
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.addOperator}
      </Button>
    </form>
  );
}
