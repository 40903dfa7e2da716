import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PageHeading } from '@/components/layouts/page-heading';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toaster';
import { usePercentages, type Percentages } from '@/features/merchant-loyalty/api/get-percentages';
import { useSetPercentages } from '@/features/merchant-loyalty/api/set-percentages';
import { ReferralCreditCapForm } from '@/features/merchant-loyalty/components/percentages-screen/referral-credit-cap-form';
import { ReceiptNumberSetting } from '@/features/merchant-loyalty/components/percentages-screen/receipt-number-setting';
import { SuffixedInput } from '@/features/merchant-loyalty/components/suffixed-input';
import { toInputText } from '@/lib/decimal-input';
import {
  percentageFields,
  percentagesFormSchema,
  type PercentagesDraft,
} from '@/features/merchant-loyalty/percentages-form';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { errorMessage } from '@/lib/api-error';

const t = merchantLoyaltyTexts.percentuali;

function PercentagesForm({ saved }: { saved: Percentages }) {
  const form = useForm<PercentagesDraft, unknown, Percentages>({
    resolver: zodResolver(percentagesFormSchema),
    defaultValues: {
      personal: toInputText(saved.personal),
      sponsor1: toInputText(saved.sponsor1),
      sponsor2: toInputText(saved.sponsor2),
      sponsor3: toInputText(saved.sponsor3),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const setPercentages = useSetPercentages();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await setPercentages.mutateAsync(values);
      notify.success(t.success, 'long');
    } catch (error) {
      notify.error(errorMessage(error), 'long');
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      {percentageFields.map((field) => (
        <FormField
          key={field}
          label={t[field]}
          hint={field === 'personal' ? t.personalHint : undefined}
          error={errors[field]?.message}
        >
          {(control) => (
            <SuffixedInput
              {...control}
              suffix="%"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              {...form.register(field)}
            />
          )}
        </FormField>
      ))}
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? t.submitting : t.submit}
        </Button>
      </div>
    </form>
  );
}

/** /dashboard/percentuali: the credit percentages for the buyer and the three sponsor levels. */
export function PercentagesScreen() {
  const percentages = usePercentages();
  return (
    <section className="grid gap-6">
      <PageHeading lead={t.lead}>{t.title}</PageHeading>
      <Card className="max-w-2xl">
        <CardContent className="pt-6">
          <QueryView query={percentages} pending={<Skeleton className="h-48" />}>
            {/* A new form when the saved values change, so it always starts from them. */}
            {(data) => <PercentagesForm key={JSON.stringify(data)} saved={data} />}
          </QueryView>
        </CardContent>
      </Card>
      <Card className="max-w-2xl">
        <CardContent className="grid gap-4 pt-6">
          <div className="grid gap-1">
            <h2 className="text-xl font-semibold">{t.scontrino.title}</h2>
            <p className="text-muted-foreground">{t.scontrino.lead}</p>
          </div>
          <ReceiptNumberSetting />
        </CardContent>
      </Card>
      <Card className="max-w-2xl">
        <CardContent className="grid gap-4 pt-6">
          <div className="grid gap-1">
            <h2 className="text-xl font-semibold">{t.tetto.title}</h2>
            <p className="text-muted-foreground">{t.tetto.lead}</p>
          </div>
          <ReferralCreditCapForm />
        </CardContent>
      </Card>
    </section>
  );
}
