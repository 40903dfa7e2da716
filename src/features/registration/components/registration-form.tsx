import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toaster';
import { clientLanding, paths } from '@/config/paths';
import {
  joinMerchantInputSchema,
  useJoinMerchant,
  type JoinMerchantResult,
} from '@/features/registration/api/join-merchant';
import { useSignedInCustomer } from '@/features/registration/api/get-signed-in-customer';
import { useSponsorPreview } from '@/features/registration/api/get-sponsor-preview';
import { ExistingAccountForm } from '@/features/registration/components/existing-account-form';
import { JoinAsCustomerForm } from '@/features/registration/components/join-as-customer-form';
import { ApiError, failureText } from '@/lib/api-error';
import { setCurrentMerchantSlug } from '@/lib/current-merchant';
import { fill, texts } from '@/lib/texts';
import { maxLength } from '@/lib/input-limits';

const formSchema = z.omit(joinMerchantInputSchema, { merchantSlug: true });
type FormValues = z.input<typeof formSchema>;

/** After success the customer reads the code, then lands in the client area (spec §4: 4 seconds). */
const REDIRECT_DELAY_MS = 4000;

interface RegistrationFormProps {
  merchantSlug: string;
  merchantName: string;
  /** The sponsor's client code from ?ref, prefilled. */
  sponsorCode?: string;
  /** Called once the customer is registered (the page's heading says so). */
  onRegistered?: () => void;
  /** The treatment tapped on the salon's page: registered, the customer books it. */
  treatmentId?: string;
}

export function RegistrationForm({
  merchantSlug,
  merchantName,
  sponsorCode = '',
  onRegistered,
  treatmentId,
}: RegistrationFormProps) {
  const navigate = useNavigate();
  const joinMerchant = useJoinMerchant();
  const signedInCustomer = useSignedInCustomer(merchantSlug);
  /** The signed-in customer chose to register another account. */
  const [otherAccount, setOtherAccount] = useState(false);
  const sponsor = useSponsorPreview(merchantSlug, sponsorCode);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  /** The registration of an e-mail that already has an account, waiting for that account's password. */
  const [existing, setExisting] = useState<Omit<FormValues, 'password'> | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      phone: '',
      sponsorCode,
      privacyAccepted: false,
      marketingAccepted: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!successMessage) return;
    const timer = window.setTimeout(
      () => void navigate(clientLanding(treatmentId), { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [successMessage, navigate, treatmentId]);

  const onJoined = (result: JoinMerchantResult | null) => {
    setCurrentMerchantSlug(merchantSlug);
    onRegistered?.();
    if (result) setSuccessMessage(fill(texts.registration.success, { code: result.client_code }));
    else void navigate(clientLanding(treatmentId), { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onJoined(await joinMerchant.mutateAsync({ ...values, merchantSlug }));
    } catch (error) {
      if (error instanceof ApiError && error.hint === 'email_exists') {
        const { password: _password, ...registration } = values;
        setExisting(registration);
        return;
      }
      notify.error(failureText(texts.registration.error, error));
    }
  });

  if (successMessage) {
    return (
      <div role="status" className="grid gap-3 rounded-2xl bg-success/10 p-5 text-center">
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-success" />
        <p className="text-lg font-semibold text-success">{successMessage}</p>
        <p className="text-muted-foreground">{texts.registration.redirecting}</p>
      </div>
    );
  }

  if (existing) {
    return (
      <ExistingAccountForm
        merchantSlug={merchantSlug}
        registration={existing}
        onJoined={onJoined}
        onBack={() => setExisting(null)}
      />
    );
  }

  if (signedInCustomer.isPending) return <Skeleton className="h-72" />;

  if (signedInCustomer.data && !otherAccount) {
    return (
      <JoinAsCustomerForm
        merchantSlug={merchantSlug}
        merchantName={merchantName}
        customer={signedInCustomer.data}
        sponsorCode={sponsorCode}
        onJoined={(result) => {
          setCurrentMerchantSlug(merchantSlug);
          notify.success(
            fill(texts.registration.joined, { merchant: merchantName, code: result.client_code }),
          );
          void navigate(clientLanding(treatmentId), { replace: true });
        }}
        onOtherAccount={() => setOtherAccount(true)}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      {sponsor.data ? (
        <p role="status" className="rounded-2xl bg-accent/60 p-4 font-semibold text-accent-foreground">
          {fill(texts.registration.invitedBy, { name: sponsor.data })}
        </p>
      ) : null}
      <FormField label={texts.fields.name} error={errors.name?.message}>
        {(control) => (
          <Input {...control} autoComplete="name" maxLength={maxLength.name} {...form.register('name')} />
        )}
      </FormField>
      <FormField label={texts.fields.email} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={maxLength.email}
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField label={texts.fields.password} error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            maxLength={maxLength.password}
            {...form.register('password')}
          />
        )}
      </FormField>
      <FormField label={texts.fields.phoneOptional} error={errors.phone?.message}>
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
      <FormField
        label={texts.fields.sponsorCode}
        hint={texts.fields.sponsorCodeHint}
        error={errors.sponsorCode?.message}
      >
        {(control) => <Input {...control} autoCapitalize="characters" {...form.register('sponsorCode')} />}
      </FormField>
      <CheckboxField
        label={texts.registration.privacyLabel}
        error={errors.privacyAccepted?.message}
        description={
          <Link
            to={paths.clientPrivacy.href(merchantSlug)}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center font-medium underline"
          >
            {texts.registration.privacyLink}
          </Link>
        }
        {...form.register('privacyAccepted')}
      />
      <CheckboxField label={texts.registration.marketingLabel} {...form.register('marketingAccepted')} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? texts.registration.submitting : texts.registration.submit}
      </Button>
      <p className="text-center text-muted-foreground">
        {texts.registration.haveAccount}{' '}
        <Link
          to={paths.clientLogin.href(merchantSlug, treatmentId)}
          className="inline-flex min-h-11 items-center font-semibold underline"
        >
          {texts.registration.login}
        </Link>
      </p>
    </form>
  );
}
