import { useParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { AuthAction } from '@/features/auth/components/auth-action/auth-action';

/** /merchant/:merchantSlug/__/auth/action */
export function MerchantAuthActionPage() {
  const { merchantSlug = '' } = useParams();
  return (
    <AuthLayout>
      <AuthAction
        area="merchant"
        merchantSlug={merchantSlug}
        loginHref={paths.merchantLogin.href(merchantSlug)}
      />
    </AuthLayout>
  );
}

/** /:merchantSlug/__/auth/action */
export function ClientAuthActionPage() {
  const { merchantSlug = '' } = useParams();
  return (
    <AuthLayout>
      <AuthAction
        area="client"
        merchantSlug={merchantSlug}
        loginHref={paths.clientLogin.href(merchantSlug)}
      />
    </AuthLayout>
  );
}
