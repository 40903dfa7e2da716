import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
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
import type { OneNumberSetting } from '@/features/booking-merchant/components/settings-screen/one-number-settings';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { decimalField } from '@/lib/decimal-input';

const t = bookingMerchantTexts.impostazioni;

/** A salon rule that is one whole number (hours of notice, open requests, no-shows): read, edited, saved. */
export function OneNumberSettingCard({ setting }: { setting: OneNumberSetting }) {
  const settings = useBookingSettings();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>{setting.title}</CardTitle>
          <CardDescription>{setting.lead}</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryView query={settings} pending={<LoadingBlocks count={1} className="h-12" />}>
            {(data) => <OneNumberForm setting={setting} saved={setting.read(data)} />}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

function OneNumberForm({ setting, saved }: { setting: OneNumberSetting; saved: number }) {
  const { min, max, outOfRange } = setting;
  const schema = z.object({
    value: decimalField({ required: outOfRange, invalid: outOfRange, maxDecimals: 0, min, max }),
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { value: String(saved) },
  });
  const { errors, isSubmitting } = form.formState;
  const save = setting.useSave();

  const onSubmit = form.handleSubmit(async ({ value }) => {
    try {
      notify.success((await save.mutateAsync(value)).message, 'long');
    } catch (failure) {
      form.setError('value', { type: 'server', message: errorMessage(failure) });
    }
  });

  return (
    <form
      noValidate
      aria-label={setting.title}
      onSubmit={onSubmit}
      className="flex flex-wrap items-start gap-3"
    >
      <FormField label={setting.label} error={errors.value?.message} className="min-w-0 flex-1 basis-56">
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            required
            {...form.register('value')}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {isSubmitting ? t.saving : setting.submit}
      </Button>
    </form>
  );
}
