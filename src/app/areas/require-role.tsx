import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/layouts/loading-screen';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useWhoami, type Whoami } from '@/features/auth/api/get-whoami';
import { areaHome, roleOf, type Role } from '@/features/auth/roles';
import { getCurrentMerchantSlug } from '@/lib/current-merchant';
import { texts } from '@/lib/texts';

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
}

/** An area opens only to its own role: the wrong role goes to its own area, nobody to another's screens. */
export function RequireRole({ role, children }: RequireRoleProps) {
  const whoami = useWhoami();
  if (whoami.isPending) return <LoadingScreen />;
  if (whoami.isError) return <SignInCheckFailed onRetry={() => void whoami.refetch()} />;
  const actual = whoami.data ? roleOf(whoami.data) : null;
  if (!whoami.data || !actual) return <Navigate to={signedOutTarget(role)} replace />;
  if (actual !== role) return <Navigate to={areaHome[actual]} replace />;
  return children(whoami.data);
}

/** The sign-in check could not reach the server (offline, most often): say so, offer to try again. */
function SignInCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="grid min-h-dvh place-items-center p-6 text-center">
      <div className="grid max-w-sm gap-4">
        <p className="text-lg font-semibold">
          {navigator.onLine ? texts.app.checkFailed : texts.app.offline}
        </p>
        <Button onClick={onRetry}>{texts.app.retry}</Button>
      </div>
    </div>
  );
}
