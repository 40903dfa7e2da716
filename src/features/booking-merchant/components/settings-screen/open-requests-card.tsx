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
import { useBookingSettings } from '@/features/booking-merchant/api/get-booking-settings';
import { useSetMaxOpenRequests } from '@/features/booking-merchant/api/set-max-open-requests';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { decimalField } from '@/lib/decimal-input';

const t = bookingMerchantTexts.impostazioni;

/** How many open requests one customer may have at the salon at once. */
export function OpenRequestsCard() {
  const settings = useBookingSettings();
  return (
    <section aria-labelledby="open-requests-title">
      <Card>
        <CardHeader>
          <CardTitle id="open-requests-title">{t.openRequests}</CardTitle>
          <CardDescription>{t.openRequestsLead}</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryView query={settings} pending={<LoadingBlocks count={1} className="h-12" />}>
            {(data) => <OpenRequestsForm requests={data.max_open_requests} />}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

/** Whole numbers from 1 to 100, as the database allows. */
const openRequestsFormSchema = z.object({
  requests: decimalField({
    required: t.openRequestsOutOfRange,
    invalid: t.openRequestsOutOfRange,
    maxDecimals: 0,
    min: 1,
    max: 100,
  }),
});

function OpenRequestsForm({ requests }: { requests: number }) {
  const form = useForm<
    z.input<typeof openRequestsFormSchema>,
    unknown,
    z.output<typeof openRequestsFormSchema>
  >({
    resolver: zodResolver(openRequestsFormSchema),
    defaultValues: { requests: String(requests) },
  });
  const { errors, isSubmitting } = form.formState;
  const save = useSetMaxOpenRequests();

  const onSubmit = form.handleSubmit(async ({ requests: chosen }) => {
    try {
      notify.success((await save.mutateAsync(chosen)).message, 'long');
    } catch (failure) {
      form.setError('requests', { type: 'server', message: errorMessage(failure) });
    }
  });

  return (
    <form
      noValidate
      aria-label={t.openRequests}
      onSubmit={onSubmit}
      className="flex flex-wrap items-start gap-3"
    >
      <FormField
        label={t.openRequestsLimit}
        error={errors.requests?.message}
        className="min-w-0 flex-1 basis-56"
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            required
            {...form.register('requests')}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.saveOpenRequests}
      </Button>
    </form>
  );
}
