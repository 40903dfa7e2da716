import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import {
  useBookingSettings,
  type BookingSettings,
} from '@/features/booking-merchant/api/get-booking-settings';
import { useSetBookingEmails, useSetSalonAddress } from '@/features/booking-merchant/api/set-booking-emails';
import { NewRequestPushField } from '@/features/booking-merchant/components/new-request-push-field';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { maxLength } from '@/lib/input-limits';
import { tooLong } from '@/lib/input-rules';
import { texts } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;

/** The salon's address (in customers' e-mails and calendar files) and which booking e-mails go out. */
export function BookingEmailsCard() {
  const settings = useBookingSettings();
  return (
    <section aria-labelledby="booking-emails-title">
      <Card>
        <CardHeader>
          <CardTitle id="booking-emails-title">{t.emails}</CardTitle>
          <CardDescription>{t.emailsLead}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <QueryView query={settings} pending={<LoadingBlocks count={2} className="h-12" />}>
            {(data) => (
              <>
                <AddressForm address={data.address ?? ''} />
                <EmailsForm settings={data} />
                <NewRequestPushField />
              </>
            )}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

/** The address may be left empty; at most 255 characters, as the database keeps it. */
const addressFormSchema = z.object({
  address: z
    .string()
    .check(
      z.trim(),
      z.maxLength(maxLength.address, tooLong(texts.validation.addressTooLong, maxLength.address)),
    ),
});
type AddressDraft = z.input<typeof addressFormSchema>;

function AddressForm({ address }: { address: string }) {
  const form = useForm<AddressDraft>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: { address },
  });
  const { errors, isSubmitting } = form.formState;
  const save = useSetSalonAddress();

  const onSubmit = form.handleSubmit(async ({ address: value }) => {
    try {
      notify.success((await save.mutateAsync(value)).message);
    } catch (failure) {
      form.setError('address', { type: 'server', message: errorMessage(failure) });
    }
  });

  return (
    <form noValidate aria-label={t.address} onSubmit={onSubmit} className="flex flex-wrap items-start gap-3">
      <FormField
        label={t.address}
        hint={t.addressHint}
        error={errors.address?.message}
        className="min-w-0 flex-1 basis-64"
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="street-address"
            maxLength={maxLength.address}
            {...form.register('address')}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.saveAddress}
      </Button>
    </form>
  );
}

function EmailsForm({ settings }: { settings: BookingSettings }) {
  const form = useForm({
    defaultValues: {
      newRequestEmails: settings.new_request_emails,
      reminderEmails: settings.reminder_emails,
      secondReminderEmails: settings.second_reminder_emails,
    },
  });
  const { isSubmitting } = form.formState;
  const save = useSetBookingEmails();

  const onSubmit = form.handleSubmit(async (choices) => {
    try {
      notify.success((await save.mutateAsync(choices)).message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  });

  return (
    <form noValidate aria-label={t.emails} onSubmit={onSubmit} className="grid gap-4">
      <CheckboxField label={t.newRequestEmails} {...form.register('newRequestEmails')} />
      <CheckboxField label={t.reminderEmails} {...form.register('reminderEmails')} />
      <CheckboxField label={t.secondReminderEmails} {...form.register('secondReminderEmails')} />
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.saveEmails}
      </Button>
    </form>
  );
}
