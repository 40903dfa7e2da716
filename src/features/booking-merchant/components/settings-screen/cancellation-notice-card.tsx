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
import { useSetCancellationNotice } from '@/features/booking-merchant/api/set-cancellation-notice';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { decimalField } from '@/lib/decimal-input';

const t = bookingMerchantTexts.impostazioni;

/** How many hours before a confirmed appointment customers may still cancel it themselves. */
export function CancellationNoticeCard() {
  const settings = useBookingSettings();
  return (
    <section aria-labelledby="cancellation-title">
      <Card>
        <CardHeader>
          <CardTitle id="cancellation-title">{t.cancellation}</CardTitle>
          <CardDescription>{t.cancellationLead}</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryView query={settings} pending={<LoadingBlocks count={1} className="h-12" />}>
            {(data) => <CancellationNoticeForm hours={data.cancellation_notice_hours} />}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

/** Whole hours from 0 to 168 (a week), as the database allows. */
const noticeFormSchema = z.object({
  hours: decimalField({
    required: t.cancellationOutOfRange,
    invalid: t.cancellationOutOfRange,
    maxDecimals: 0,
    min: 0,
    max: 168,
  }),
});

function CancellationNoticeForm({ hours }: { hours: number }) {
  const form = useForm<z.input<typeof noticeFormSchema>, unknown, z.output<typeof noticeFormSchema>>({
    resolver: zodResolver(noticeFormSchema),
    defaultValues: { hours: String(hours) },
  });
  const { errors, isSubmitting } = form.formState;
  const save = useSetCancellationNotice();

  const onSubmit = form.handleSubmit(async ({ hours: chosen }) => {
    try {
      notify.success((await save.mutateAsync(chosen)).message, 'long');
    } catch (failure) {
      form.setError('hours', { type: 'server', message: errorMessage(failure) });
    }
  });

  return (
    <form
      noValidate
      aria-label={t.cancellation}
      onSubmit={onSubmit}
      className="flex flex-wrap items-start gap-3"
    >
      <FormField
        label={t.cancellationHours}
        error={errors.hours?.message}
        className="min-w-0 flex-1 basis-56"
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={168}
            step={1}
            required
            {...form.register('hours')}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.saveCancellation}
      </Button>
    </form>
  );
}
