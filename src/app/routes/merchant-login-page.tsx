import { Navigate, useParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoadingScreen } from '@/components/layouts/loading-screen';
import { LoadFailed } from '@/components/load-failed';
import { PageHeading } from '@/components/layouts/page-heading';
import { paths } from '@/config/paths';
import { useWhoami } from '@/features/auth/api/get-whoami';
import { MerchantLoginForm } from '@/features/auth/components/merchant-login-form';
import { useMerchantPublic } from '@/features/merchants/api/get-merchant-public';
import { texts } from '@/lib/texts';
import { SignedInRedirect } from '@/app/routes/signed-in-redirect';

/** /admin: the platform administrator (and any merchant) signs in. */
export function AdminLoginPage() {
  return (
    <SignedInRedirect login={{ kind: 'staff' }}>
      <AuthLayout>
        <div className="grid gap-6">
          <PageHeading lead={texts.login.adminSubtitle}>{texts.login.adminTitle}</PageHeading>
          <MerchantLoginForm />
        </div>
      </AuthLayout>
    </SignedInRedirect>
  );
}

/** /merchant/:merchantSlug: the salon's own login; an unknown salon leads home. */
export function MerchantLoginPage() {
  const { merchantSlug = '' } = useParams();
  const merchant = useMerchantPublic(merchantSlug);
  // Asked beside the salon, not after it: SignedInRedirect needs it too.
  useWhoami();
  if (merchant.isPending) return <LoadingScreen />;
  if (merchant.isError) return <LoadFailed onRetry={() => void merchant.refetch()} />;
  if (!merchant.data) return <Navigate to={paths.home.href()} replace />;
  return (
    <SignedInRedirect login={{ kind: 'staff' }}>
      <AuthLayout merchant={merchant.data}>
        <div className="grid gap-6">
          <PageHeading lead={texts.login.merchantSubtitle}>{texts.login.merchantTitle}</PageHeading>
          <MerchantLoginForm resetPasswordHref={paths.merchantResetPassword.href(merchantSlug)} />
        </div>
      </AuthLayout>
    </SignedInRedirect>
  );
}
