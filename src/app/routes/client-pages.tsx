import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoadingScreen } from '@/components/layouts/loading-screen';
import { LoadFailed } from '@/components/load-failed';
import { PageHeading } from '@/components/layouts/page-heading';
import { NotFoundPage } from '@/app/routes/not-found-page';
import { useWhoami } from '@/features/auth/api/get-whoami';
import { ClientLoginForm } from '@/features/auth/components/client-login-form';
import { useMerchantPublic } from '@/features/merchants/api/get-merchant-public';
import { useSalonPublicPage } from '@/features/merchants/api/get-salon-public-page';
import { registrationFormId } from '@/components/layouts/salon-page-layout';
import { chosenTreatment, SalonPageFrame } from '@/app/routes/salon-page-frame';
import { PrivacyNotice } from '@/features/privacy/components/privacy-notice';
import { privacyTexts } from '@/features/privacy/texts';
import { RegistrationForm } from '@/features/registration/components/registration-form';
import { rememberLastSalon } from '@/lib/last-salon';
import { paths, treatmentParam } from '@/config/paths';
import { fill, texts } from '@/lib/texts';
import { SignedInRedirect } from '@/app/routes/signed-in-redirect';

/** The salon whose page is open, remembered as the last salon used here (the home page leads back to it). */
function useRememberSalon(salon: { slug: string; name: string } | null | undefined) {
  useEffect(() => {
    if (salon) rememberLastSalon(salon);
  }, [salon]);
}

/** A salon's public face for its login page, remembered. */
function useSalonPage(merchantSlug: string) {
  const merchant = useMerchantPublic(merchantSlug);
  useRememberSalon(merchant.data);
  return merchant;
}

/** /:merchantSlug and /:merchantSlug/register?ref=CODE&trattamento=ID: the salon, and a customer joins it. */
export function ClientRegistrationPage() {
  const { merchantSlug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const page = useSalonPublicPage(merchantSlug);
  const salon = page.data;
  const [registered, setRegistered] = useState(false);
  const treatment = salon ? chosenTreatment(salon, searchParams) : undefined;
  useRememberSalon(salon);
  // 'Prenota' on a treatment leads to the form, which now says what it is for.
  useEffect(() => {
    if (!treatment) return;
    const form = document.getElementById(registrationFormId);
    form?.scrollIntoView({ block: 'start' });
    form?.focus({ preventScroll: true });
  }, [treatment]);
  if (page.isPending) return <LoadingScreen />;
  if (page.isError) return <LoadFailed onRetry={() => void page.refetch()} />;
  if (!salon) return <NotFoundPage message={texts.notFound.unknownMerchant} />;
  return (
    <SalonPageFrame salon={salon} search={searchParams} registered={registered}>
      <RegistrationForm
        merchantSlug={salon.slug}
        merchantName={salon.name}
        sponsorCode={searchParams.get('ref') ?? ''}
        treatmentId={treatment?.id}
        onRegistered={() => setRegistered(true)}
      />
    </SalonPageFrame>
  );
}

/** /:merchantSlug/privacy: the salon's privacy notice, linked from its registration form. */
export function ClientPrivacyPage() {
  const { merchantSlug = '' } = useParams();
  const merchant = useMerchantPublic(merchantSlug);
  if (merchant.isPending) return <LoadingScreen />;
  if (merchant.isError) return <LoadFailed onRetry={() => void merchant.refetch()} />;
  if (!merchant.data) return <NotFoundPage message={texts.notFound.unknownMerchant} />;
  return (
    <AuthLayout merchant={merchant.data}>
      <div className="grid gap-6">
        <PageHeading>{privacyTexts.title}</PageHeading>
        <PrivacyNotice merchantName={merchant.data.name} />
        <Link
          to={paths.clientRegister.href(merchant.data.slug)}
          className="inline-flex min-h-11 items-center justify-center font-medium underline"
        >
          {privacyTexts.back}
        </Link>
      </div>
    </AuthLayout>
  );
}

/** /:merchantSlug/login */
export function ClientLoginPage() {
  const { merchantSlug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const treatmentId = searchParams.get(treatmentParam) ?? undefined;
  const merchant = useSalonPage(merchantSlug);
  // Asked beside the salon, not after it: SignedInRedirect needs it too.
  useWhoami();
  if (merchant.isPending) return <LoadingScreen />;
  if (merchant.isError) return <LoadFailed onRetry={() => void merchant.refetch()} />;
  if (!merchant.data) return <NotFoundPage message={texts.notFound.unknownMerchant} />;
  return (
    <SignedInRedirect login={{ kind: 'client', merchantSlug: merchant.data.slug, treatmentId }}>
      <AuthLayout merchant={merchant.data}>
        <div className="grid gap-6">
          <div className="grid gap-1">
            <PageHeading>{texts.login.clientTitle}</PageHeading>
            <p className="text-muted-foreground">
              {fill(texts.login.clientSubtitle, { merchant: merchant.data.name })}
            </p>
          </div>
          <ClientLoginForm
            merchantSlug={merchant.data.slug}
            merchantName={merchant.data.name}
            treatmentId={treatmentId}
          />
        </div>
      </AuthLayout>
    </SignedInRedirect>
  );
}
