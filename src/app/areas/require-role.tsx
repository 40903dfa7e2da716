import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/layouts/loading-screen';
import { LoadFailed } from '@/components/load-failed';
import { OfflineWaiting } from '@/components/offline-waiting';
import { paths } from '@/config/paths';
import { useWhoami } from '@/features/auth/api/get-whoami';
import type { Whoami } from '@/lib/whoami';
import { areaHome, roleOf, type Role } from '@/features/auth/roles';
import { ApiError } from '@/lib/api-error';
import { getCurrentMerchantSlug } from '@/lib/current-merchant';

/** Where someone who is not signed in goes from each area: its login when there is one, else home. */
function signedOutTarget(role: Role): string {
  if (role === 'admin') return paths.adminLogin.href();
  const merchantSlug = getCurrentMerchantSlug();
  if (role === 'client' && merchantSlug) return paths.clientLogin.href(merchantSlug);
  return paths.home.href();
}

interface RequireRoleProps {
  role: Role;
  children: (whoami: Whoami) => ReactNode;
  /** What the area can still show when the server cannot be reached; null when it has nothing. */
  offline?: (retry: () => void) => ReactNode;
}

/** An area opens only to its own role: the wrong role goes to its own area, nobody to another's screens. */
export function RequireRole({ role, children, offline }: RequireRoleProps) {
  const whoami = useWhoami();
  if (whoami.isPending && whoami.fetchStatus === 'paused') {
    const retry = () => void whoami.refetch();
    return offline?.(retry) || <OfflineWaiting fullScreen onRetry={retry} />;
  }
  if (whoami.isPending) return <LoadingScreen />;
  if (whoami.isError) {
    const retry = () => void whoami.refetch();
    const unreachable = ApiError.from(whoami.error).isNetworkFailure || !navigator.onLine;
    return (unreachable && offline?.(retry)) || <LoadFailed onRetry={retry} />;
  }
  const actual = whoami.data ? roleOf(whoami.data) : null;
  if (!whoami.data || !actual) return <Navigate to={signedOutTarget(role)} replace />;
  if (actual !== role) return <Navigate to={areaHome[actual]} replace />;
  return children(whoami.data);
}
