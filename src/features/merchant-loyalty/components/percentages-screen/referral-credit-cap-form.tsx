import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toaster';
import {
  useReferralCreditCap,
  useSetReferralCreditCap,
} from '@/features/merchant-loyalty/api/referral-credit-cap';
import { SuffixedInput } from '@/features/merchant-loyalty/components/suffixed-input';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { errorMessage } from '@/lib/api-error';
import { parseDecimalInput, toInputText } from '@/lib/decimal-input';

const t = merchantLoyaltyTexts.percentuali.tetto;

/** An amount in euro and cents, or nothing for no cap. */
const capFormSchema = z.object({
  cap: z.pipe(
    z.transform((text: string) => {
      const parsed = parseDecimalInput(text, 2);
      if (parsed.ok) return parsed.value;
      return parsed.reason === 'empty' ? null : Number.NaN;
    }),
    z.nullable(z.number({ error: t.invalid }).check(z.gt(0, t.invalid), z.lte(100000, t.invalid))),
  ),
});

function CapForm({ saved }: { saved: number | null }) {
  const form = useForm<z.input<typeof capFormSchema>, unknown, z.output<typeof capFormSchema>>({
    resolver: zodResolver(capFormSchema),
    defaultValues: { cap: saved === null ? '' : toInputText(saved) },
  });
  const { errors, isSubmitting } = form.formState;
  const save = useSetReferralCreditCap();

  const onSubmit = form.handleSubmit(async ({ cap }) => {
    try {
      await save.mutateAsync(cap);
      notify.success(cap === null ? t.removed : t.success);
    } catch (error) {
      notify.error(errorMessage(error), 'long');
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid items-end gap-4 sm:grid-cols-2">
      <FormField label={t.cap} hint={t.hint} error={errors.cap?.message}>
        {(control) => (
          <SuffixedInput
            {...control}
            suffix={t.suffix}
            className="pr-12"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...form.register('cap')}
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.submit}
      </Button>
    </form>
  );
}

/** The monthly cap on the credit a sponsor earns from her referrals' purchases (off by default). */
export function ReferralCreditCapForm() {
  const saved = useReferralCreditCap();
  return (
    <QueryView query={saved} pending={<Skeleton className="h-20" />}>
      {(data) => <CapForm key={String(data.cap)} saved={data.cap} />}
    </QueryView>
  );
}
