import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useEraseMyAccount } from '@/features/client-loyalty/api/erase-my-account';
import { useExportClientData } from '@/features/client-loyalty/api/export-client-data';
import { useClientConsents } from '@/features/client-loyalty/api/get-client-consents';
import { useSetMarketingConsent } from '@/features/client-loyalty/api/set-marketing-consent';
import { clientDataCsv, clientDataFileName } from '@/features/client-loyalty/client-data-csv';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { failureText } from '@/lib/api-error';
import { downloadText } from '@/lib/download-text';
import { formatDate } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = clientLoyaltyTexts.privacy;

/** Anagrafica's GDPR corner: the marketing choice, the data download and erasing the account. */
export function PrivacySection({ merchantSlug }: { merchantSlug: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <MarketingConsent merchantSlug={merchantSlug} />
        <DataDownload merchantSlug={merchantSlug} />
        <AccountErasure merchantSlug={merchantSlug} />
      </CardContent>
    </Card>
  );
}

function MarketingConsent({ merchantSlug }: { merchantSlug: string }) {
  const consents = useClientConsents(merchantSlug);
  const setMarketing = useSetMarketingConsent();
  // The box follows the click at once; the saved choice takes over when the server has answered.
  const [choice, setChoice] = useState<boolean | null>(null);
  if (!consents.data) return null;
  const { privacy, marketing } = consents.data;
  const granted = choice ?? marketing?.granted ?? false;
  return (
    <div className="grid gap-3">
      <CheckboxField
        label={t.marketingLabel}
        description={<span className="text-sm text-muted-foreground">{t.marketingHint}</span>}
        checked={granted}
        disabled={setMarketing.isPending}
        onChange={(event) => {
          setChoice(event.target.checked);
          setMarketing.mutate(
            { merchantSlug, granted: event.target.checked },
            {
              onSuccess: () => notify.success(t.marketingSaved),
              onError: (error) => notify.error(failureText(t.marketingError, error)),
              onSettled: () => setChoice(null),
            },
          );
        }}
      />
      {privacy ? (
        <p className="text-sm text-muted-foreground">
          {fill(t.privacyAccepted, {
            date: formatDate(privacy.recorded_at),
            version: privacy.notice_version,
          })}{' '}
          <Link
            to={paths.clientPrivacy.href(merchantSlug)}
            className="inline-flex min-h-11 items-center font-medium underline"
          >
            {t.privacyLink}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function DataDownload({ merchantSlug }: { merchantSlug: string }) {
  const exportData = useExportClientData();
  const download = (format: 'json' | 'csv') =>
    exportData.mutate(merchantSlug, {
      onSuccess: (data) =>
        format === 'json'
          ? downloadText(
              JSON.stringify(data, null, 2),
              clientDataFileName(data, 'json'),
              'application/json;charset=utf-8',
            )
          : downloadText(clientDataCsv(data), clientDataFileName(data, 'csv'), 'text/csv;charset=utf-8'),
      onError: (error) => notify.error(failureText(t.downloadError, error)),
    });
  return (
    <section className="grid gap-2">
      <h3 className="text-lg font-semibold">{t.downloadTitle}</h3>
      <CardDescription>{t.downloadLead}</CardDescription>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={exportData.isPending} onClick={() => download('json')}>
          {t.downloadJson}
        </Button>
        <Button variant="outline" disabled={exportData.isPending} onClick={() => download('csv')}>
          {t.downloadCsv}
        </Button>
      </div>
    </section>
  );
}

/** The word typed to confirm, in any case: the button waits for it, and the schema says so too. */
const erasureFormSchema = z.object({
  confirmation: z.string().check(
    z.refine((typed) => typed.trim().toUpperCase() === t.eraseConfirmWord, {
      message: t.eraseConfirmMissing,
    }),
  ),
});
type ErasureForm = z.input<typeof erasureFormSchema>;

function AccountErasure({ merchantSlug }: { merchantSlug: string }) {
  const [open, setOpen] = useState(false);
  const form = useForm<ErasureForm>({
    resolver: zodResolver(erasureFormSchema),
    defaultValues: { confirmation: '' },
  });
  const typed = useWatch({ control: form.control, name: 'confirmation' });
  const confirmed = erasureFormSchema.safeParse({ confirmation: typed }).success;
  const erase = useEraseMyAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onErase = form.handleSubmit(({ confirmation }) =>
    erase.mutate(
      { merchantSlug, confirmation },
      {
        onSuccess: () => {
          queryClient.clear();
          notify.success(t.erased);
          void navigate(paths.clientLogin.href(merchantSlug), { replace: true });
        },
        onError: (error) => notify.error(failureText(t.eraseError, error)),
      },
    ),
  );

  return (
    <section className="grid gap-2">
      <h3 className="text-lg font-semibold">{t.eraseTitle}</h3>
      <CardDescription>{t.eraseLead}</CardDescription>
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {t.eraseOpen}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) form.reset();
        }}
      >
        <DialogContent>
          <DialogTitle>{t.eraseDialogTitle}</DialogTitle>
          <DialogDescription>{t.eraseDialogBody}</DialogDescription>
          <form noValidate className="grid gap-4" onSubmit={onErase}>
            <FormField label={t.eraseConfirmLabel} error={form.formState.errors.confirmation?.message}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="off"
                  autoCapitalize="characters"
                  {...form.register('confirmation')}
                />
              )}
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                {t.eraseCancel}
              </Button>
              <Button type="submit" variant="destructive" disabled={!confirmed || erase.isPending}>
                {erase.isPending ? t.eraseSubmitting : t.eraseSubmit}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
