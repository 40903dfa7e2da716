import { useState, type FormEvent } from 'react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
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
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { errorMessage } from '@/lib/api-error';
import { maxLength } from '@/lib/input-limits';

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
              </>
            )}
          </QueryView>
        </CardContent>
      </Card>
    </section>
  );
}

function AddressForm({ address }: { address: string }) {
  const [value, setValue] = useState(address);
  const [error, setError] = useState<string | undefined>();
  const save = useSetSalonAddress();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      notify.success((await save.mutateAsync(value)).message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form
      noValidate
      aria-label={t.address}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-wrap items-start gap-3"
    >
      <FormField label={t.address} hint={t.addressHint} error={error} className="min-w-0 flex-1 basis-64">
        {(control) => (
          <Input
            {...control}
            autoComplete="street-address"
            maxLength={maxLength.address}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={save.isPending}>
        {save.isPending ? t.saving : t.saveAddress}
      </Button>
    </form>
  );
}

function EmailsForm({ settings }: { settings: BookingSettings }) {
  const [newRequestEmails, setNewRequestEmails] = useState(settings.new_request_emails);
  const [reminderEmails, setReminderEmails] = useState(settings.reminder_emails);
  const save = useSetBookingEmails();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      notify.success((await save.mutateAsync({ newRequestEmails, reminderEmails })).message);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  };

  return (
    <form noValidate aria-label={t.emails} onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <CheckboxField
        label={t.newRequestEmails}
        checked={newRequestEmails}
        onChange={(event) => setNewRequestEmails(event.target.checked)}
      />
      <CheckboxField
        label={t.reminderEmails}
        checked={reminderEmails}
        onChange={(event) => setReminderEmails(event.target.checked)}
      />
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? t.saving : t.saveEmails}
      </Button>
    </form>
  );
}
