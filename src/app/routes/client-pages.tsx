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
import { PrivacyNotice } from '@/features/privacy/components/privacy-notice';
import { privacyTexts } from '@/features/privacy/texts';
import { RegistrationForm } from '@/features/registration/components/registration-form';
import { rememberLastSalon } from '@/lib/last-salon';
import { paths } from '@/config/paths';
import { fill, texts } from '@/lib/texts';
import { SignedInRedirect } from '@/app/routes/signed-in-redirect';

/** A salon's public page, remembered as the last salon used here (the home page leads back to it). */
function useSalonPage(merchantSlug: string) {
  const merchant = useMerchantPublic(merchantSlug);
  const salon = merchant.data;
  useEffect(() => {
    if (salon) rememberLastSalon(salon);
  }, [salon]);
  return merchant;
}

/** /:merchantSlug and /:merchantSlug/register?ref=CODE: a customer joins the salon's programme. */
export function ClientRegistrationPage() {
  const { merchantSlug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const merchant = useSalonPage(merchantSlug);
  const [registered, setRegistered] = useState(false);
  if (merchant.isPending) return <LoadingScreen />;
  if (merchant.isError) return <LoadFailed onRetry={() => void merchant.refetch()} />;
  if (!merchant.data) return <NotFoundPage message={texts.notFound.unknownMerchant} />;
  return (
    <AuthLayout merchant={merchant.data}>
      <div className="grid gap-6">
        <div className="grid gap-1">
          <PageHeading>{registered ? texts.registration.doneTitle : texts.registration.title}</PageHeading>
          {registered ? null : (
            <p className="text-muted-foreground">
              {fill(texts.registration.subtitle, { merchant: merchant.data.name })}
            </p>
          )}
        </div>
        <RegistrationForm
          merchantSlug={merchant.data.slug}
          merchantName={merchant.data.name}
          sponsorCode={searchParams.get('ref') ?? ''}
          onRegistered={() => setRegistered(true)}
        />
      </div>
    </AuthLayout>
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
  const merchant = useSalonPage(merchantSlug);
  // Asked beside the salon, not after it: SignedInRedirect needs it too.
  useWhoami();
  if (merchant.isPending) return <LoadingScreen />;
  if (merchant.isError) return <LoadFailed onRetry={() => void merchant.refetch()} />;
  if (!merchant.data) return <NotFoundPage message={texts.notFound.unknownMerchant} />;
  return (
    <SignedInRedirect login={{ kind: 'client', merchantSlug: merchant.data.slug }}>
      <AuthLayout merchant={merchant.data}>
        <div className="grid gap-6">
          <div className="grid gap-1">
            <PageHeading>{texts.login.clientTitle}</PageHeading>
            <p className="text-muted-foreground">
              {fill(texts.login.clientSubtitle, { merchant: merchant.data.name })}
            </p>
          </div>
          <ClientLoginForm merchantSlug={merchant.data.slug} merchantName={merchant.data.name} />
        </div>
      </AuthLayout>
    </SignedInRedirect>
  );
}
