import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useBookingSettings } from '@/features/booking-merchant/api/get-booking-settings';
import { useSetNoShowAlertThreshold } from '@/features/booking-merchant/api/set-no-show-alert-threshold';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { decimalField } from '@/lib/decimal-input';

const t = bookingMerchantTexts.impostazioni;
const v = bookingMerchantTexts.visit;

/** From how many missed appointments a client's new requests are flagged in Prenotazioni. */
export function NoShowAlertCard() {
  const settings = useBookingSettings();
  return (
    <section aria-labelledby="no-show-alert-title">
      <Card>
        <CardHeader>
          <CardTitle id="no-show-alert-title">{v.alert}</CardTitle>
          <CardDescription>{v.alertLead}</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryView query={settings} pending={<LoadingBlocks count={1} className="h-12" />}>
            {(data) => <NoShowAlertForm threshold={data.no_show_alert_threshold} />}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

/** A whole number of no-shows from 1 to 20, as the database allows. */
const alertFormSchema = z.object({
  threshold: decimalField({
    required: v.alertOutOfRange,
    invalid: v.alertOutOfRange,
    maxDecimals: 0,
    min: 1,
    max: 20,
  }),
});

function NoShowAlertForm({ threshold }: { threshold: number }) {
  const form = useForm<z.input<typeof alertFormSchema>, unknown, z.output<typeof alertFormSchema>>({
    resolver: zodResolver(alertFormSchema),
    defaultValues: { threshold: String(threshold) },
  });
  const { errors, isSubmitting } = form.formState;
  const save = useSetNoShowAlertThreshold();

  const onSubmit = form.handleSubmit(async ({ threshold: chosen }) => {
    try {
      notify.success((await save.mutateAsync(chosen)).message, 'long');
    } catch (failure) {
      form.setError('threshold', { type: 'server', message: errorMessage(failure) });
    }
  });

  return (
    <form noValidate aria-label={v.alert} onSubmit={onSubmit} className="flex flex-wrap items-start gap-3">
      <FormField
        label={v.alertThreshold}
        error={errors.threshold?.message}
        className="min-w-0 flex-1 basis-56"
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            step={1}
            required
            {...form.register('threshold')}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {isSubmitting ? t.saving : v.saveAlert}
      </Button>
    </form>
  );
}
