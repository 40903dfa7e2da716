import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import {
  useFirstVisitReward,
  useSetFirstVisitReward,
} from '@/features/booking-merchant/api/first-visit-reward';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { parseDecimalInput, toInputText } from '@/lib/decimal-input';

const t = bookingMerchantTexts.firstVisitReward;
const saving = bookingMerchantTexts.impostazioni.saving;

/** The one-off credit a sponsor earns when a client she brought completes her first visit (off by default). */
export function FirstVisitRewardCard() {
  const saved = useFirstVisitReward();
  return (
    <section aria-labelledby="first-visit-reward-title">
      <Card>
        <CardHeader>
          <CardTitle id="first-visit-reward-title">{t.title}</CardTitle>
          <CardDescription>{t.lead}</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryView query={saved} pending={<LoadingBlocks count={1} className="h-12" />}>
            {(data) => <RewardForm key={String(data.amount)} saved={data.amount} />}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

/** Euro and cents from 0 to 500; empty or 0 means no reward. */
const rewardFormSchema = z.object({
  amount: z.pipe(
    z.transform((text: string) => {
      const parsed = parseDecimalInput(text, 2);
      if (parsed.ok) return parsed.value;
      return parsed.reason === 'empty' ? null : Number.NaN;
    }),
    z.nullable(z.number({ error: t.invalid }).check(z.gte(0, t.invalid), z.lte(500, t.invalid))),
  ),
});

function RewardForm({ saved }: { saved: number | null }) {
  const form = useForm<z.input<typeof rewardFormSchema>, unknown, z.output<typeof rewardFormSchema>>({
    resolver: zodResolver(rewardFormSchema),
    defaultValues: { amount: saved === null ? '' : toInputText(saved) },
  });
  const { errors, isSubmitting } = form.formState;
  const save = useSetFirstVisitReward();

  const onSubmit = form.handleSubmit(async ({ amount }) => {
    try {
      notify.success((await save.mutateAsync(amount)).message, 'long');
    } catch (failure) {
      form.setError('amount', { type: 'server', message: errorMessage(failure) });
    }
  });

  return (
    <form noValidate aria-label={t.title} onSubmit={onSubmit} className="flex flex-wrap items-start gap-3">
      <FormField
        label={t.amount}
        hint={saved === null ? `${t.off}. ${t.hint}` : t.hint}
        error={errors.amount?.message}
        className="min-w-0 flex-1 basis-56"
      >
        {(control) => (
          <Input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...form.register('amount')}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {isSubmitting ? saving : t.submit}
      </Button>
    </form>
  );
}
