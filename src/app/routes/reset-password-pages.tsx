import { useParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { PageHeading } from '@/components/layouts/page-heading';
import { authActionRedirect, paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { texts } from '@/lib/texts';

function ResetPasswordPage({ redirectTo, loginHref }: { redirectTo: string; loginHref: string }) {
  return (
    <AuthLayout>
      <div className="grid gap-6">
        <PageHeading lead={texts.resetPassword.subtitle}>{texts.resetPassword.title}</PageHeading>
        <ResetPasswordForm redirectTo={redirectTo} loginHref={loginHref} />
      </div>
    </AuthLayout>
  );
}

/** /merchant/:merchantSlug/reset-password */
export function MerchantResetPasswordPage() {
  const { merchantSlug = '' } = useParams();
  return (
    <ResetPasswordPage
      redirectTo={authActionRedirect('merchant', window.location.origin, merchantSlug, 'resetPassword')}
      loginHref={paths.merchantLogin.href(merchantSlug)}
    />
  );
}

/** /:merchantSlug/reset-password */
export function ClientResetPasswordPage() {
  const { merchantSlug = '' } = useParams();
  return (
    <ResetPasswordPage
      redirectTo={authActionRedirect('client', window.location.origin, merchantSlug, 'resetPassword')}
      loginHref={paths.clientLogin.href(merchantSlug)}
    />
  );
}
