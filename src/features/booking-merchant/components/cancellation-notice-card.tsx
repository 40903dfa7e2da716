import { useState, type FormEvent } from 'react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useBookingSettings } from '@/features/booking-merchant/api/get-booking-settings';
import { useSetCancellationNotice } from '@/features/booking-merchant/api/set-cancellation-notice';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';

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

function CancellationNoticeForm({ hours }: { hours: number }) {
  const [value, setValue] = useState(String(hours));
  const [error, setError] = useState<string | undefined>();
  const save = useSetCancellationNotice();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : null;
    if (chosen === null || chosen > 168) {
      setError(t.cancellationOutOfRange);
      return;
    }
    setError(undefined);
    try {
      notify.success((await save.mutateAsync(chosen)).message, 'long');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form
      noValidate
      aria-label={t.cancellation}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-wrap items-start gap-3"
    >
      <FormField label={t.cancellationHours} error={error} className="min-w-0 flex-1 basis-56">
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={168}
            step={1}
            required
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={save.isPending}>
        {save.isPending ? t.saving : t.saveCancellation}
      </Button>
    </form>
  );
}
