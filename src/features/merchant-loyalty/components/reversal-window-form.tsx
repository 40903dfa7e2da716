import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toaster';
import {
  reversalWindowLimits,
  useReversalWindow,
  useSetReversalWindow,
} from '@/features/merchant-loyalty/api/reversal-window';
import { SuffixedInput } from '@/features/merchant-loyalty/components/suffixed-input';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { errorMessage } from '@/lib/api-error';
import { decimalField } from '@/lib/decimal-input';

const t = merchantLoyaltyTexts.percentuali.storno;

/** Whole days within the database's range. */
const daysFormSchema = z.object({
  days: decimalField({
    required: t.invalid,
    invalid: t.invalid,
    maxDecimals: 0,
    min: reversalWindowLimits.min,
    max: reversalWindowLimits.max,
  }),
});

function DaysForm({ saved }: { saved: number }) {
  const form = useForm<z.input<typeof daysFormSchema>, unknown, z.output<typeof daysFormSchema>>({
    resolver: zodResolver(daysFormSchema),
    defaultValues: { days: String(saved) },
  });
  const { errors, isSubmitting } = form.formState;
  const save = useSetReversalWindow();

  const onSubmit = form.handleSubmit(async ({ days }) => {
    try {
      await save.mutateAsync(days);
      notify.success(t.success);
    } catch (error) {
      notify.error(errorMessage(error), 'long');
    }
  });

  return (
    <form noValidate aria-label={t.title} onSubmit={onSubmit} className="flex flex-wrap items-start gap-3">
      <FormField label={t.days} error={errors.days?.message} className="min-w-0 flex-1 basis-56">
        {(control) => (
          <SuffixedInput
            {...control}
            suffix={t.suffix}
            className="pr-20"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            required
            {...form.register('days')}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {t.submit}
      </Button>
    </form>
  );
}

/** How many days after a purchase the merchant may still reverse it (Storna, on Movimenti). */
export function ReversalWindowForm() {
  const saved = useReversalWindow();
  return (
    <QueryView query={saved} pending={<Skeleton className="h-20" />}>
      {(data) => <DaysForm key={data.days} saved={data.days} />}
    </QueryView>
  );
}
