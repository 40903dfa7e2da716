import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/layouts/loading-screen';
import { clientLanding } from '@/config/paths';
import { useWhoami } from '@/features/auth/api/get-whoami';
import { areaHome, roleOf } from '@/features/auth/roles';
import { setCurrentMerchantSlug } from '@/lib/current-merchant';

interface SignedInRedirectProps {
  /** The login this page is for: staff (admin or merchant), or the customers of one salon. */
  login: { kind: 'staff' } | { kind: 'client'; merchantSlug: string; treatmentId?: string };
  children: ReactNode;
}

/**
 * A login page for someone already signed in to it sends them straight to their area; anyone else
 * (signed out, or signed in with another role) sees the form.
 */
export function SignedInRedirect({ login, children }: SignedInRedirectProps) {
  const whoami = useWhoami();
  if (whoami.isPending) return <LoadingScreen />;
  const role = roleOf(whoami.data);
  if (login.kind === 'staff' && (role === 'admin' || role === 'merchant')) {
    return <Navigate to={areaHome[role]} replace />;
  }
  if (
    login.kind === 'client' &&
    whoami.data?.clients.some((client) => client.merchant_slug === login.merchantSlug)
  ) {
    setCurrentMerchantSlug(login.merchantSlug);
    return <Navigate to={clientLanding(login.treatmentId)} replace />;
  }
  return children;
}
