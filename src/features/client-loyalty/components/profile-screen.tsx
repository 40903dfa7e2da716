import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { PageHeading } from '@/components/layouts/page-heading';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryFailed } from '@/components/query-failed';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toaster';
import { useClientProfile, type ClientProfile } from '@/features/client-loyalty/api/get-client-profile';
import {
  updateClientPhoneInputSchema,
  useUpdateClientPhone,
} from '@/features/client-loyalty/api/update-client-phone';
import { NotificationsSection } from '@/features/client-loyalty/components/notifications-section';
import { PrivacySection } from '@/features/client-loyalty/components/privacy-section/privacy-section';
import { WelcomeCard } from '@/features/client-loyalty/components/welcome-card';
import type { ClientMembership } from '@/features/client-loyalty/membership';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { ApiError } from '@/lib/api-error';
import { fill, texts } from '@/lib/texts';
import { maxLength } from '@/lib/input-limits';

const t = clientLoyaltyTexts.profile;

/** Spec §8's profile texts for a profile that cannot be read. */
function profileLoadMessage(error: unknown): string {
  const apiError = ApiError.from(error);
  if (apiError.status === 401 || apiError.code === 'PGRST301') return t.notAuthenticated;
  if (apiError.code === '42501') return t.notFound;
  return fill(texts.app.loadError, { message: apiError.message });
}

/** /client/profile 'Anagrafica': code, name and e-mail to read, the phone to change. */
export function ProfileScreen({ membership }: { membership: ClientMembership }) {
  const profile = useClientProfile(membership.merchantSlug);
  return (
    <section className="grid gap-6">
      <PageHeading lead={fill(t.lead, { merchant: membership.merchantName })}>{t.title}</PageHeading>
      <WelcomeCard membership={membership} />
      <QueryView
        query={profile}
        pending={<LoadingBlocks count={1} className="h-96" />}
        errorText={profileLoadMessage}
        isEmpty={(data) => data === null}
        empty={<QueryFailed message={t.missing} />}
      >
        {(data) =>
          data && (
            <>
              <ProfileForm key={data.phone ?? ''} profile={data} />
              <NotificationsSection merchantSlug={data.merchant_slug} />
              <PrivacySection merchantSlug={data.merchant_slug} />
            </>
          )
        }
      </QueryView>
    </section>
  );
}

const phoneFormSchema = z.pick(updateClientPhoneInputSchema, { phone: true });
type PhoneForm = z.input<typeof phoneFormSchema>;

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <FormField label={label}>
      {(control) => (
        <Input {...control} value={value} readOnly className="border-border bg-muted text-foreground" />
      )}
    </FormField>
  );
}

function ProfileForm({ profile }: { profile: ClientProfile }) {
  const updatePhone = useUpdateClientPhone();
  const form = useForm<PhoneForm>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phone: profile.phone ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ phone }) => {
    if (phone.trim() === (profile.phone ?? '').trim()) {
      notify.info(t.unchanged);
      return;
    }
    try {
      await updatePhone.mutateAsync({ merchantSlug: profile.merchant_slug, phone });
      notify.success(t.updated);
    } catch (error) {
      const apiError = ApiError.from(error);
      // The database's own rule texts (a required phone) are shown as they are; an unchanged phone
      // (the same rule raced by another tab) is a notice, not a failure.
      if (apiError.code === 'P0001' && apiError.message === t.unchanged) notify.info(t.unchanged);
      else notify.error(apiError.code === 'P0001' ? apiError.message : t.updateError);
    }
  });

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate onSubmit={onSubmit} className="grid items-start gap-5 sm:grid-cols-2">
          <ReadOnlyField label={t.code} value={profile.code} />
          <ReadOnlyField label={t.name} value={profile.name} />
          <ReadOnlyField label={t.email} value={profile.email ?? ''} />
          <FormField label={t.phone} error={errors.phone?.message}>
            {(control) => (
              <Input
                {...control}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                maxLength={maxLength.phone}
                {...form.register('phone')}
              />
            )}
          </FormField>
          <p className="text-sm text-muted-foreground sm:col-span-2">{t.readOnlyHint}</p>
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
              {isSubmitting ? t.submitting : t.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
