import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router';
import { OfflineBanner } from '@/components/offline-banner';
import { Toaster } from '@/components/ui/toaster';
import { useAuthSync } from '@/features/auth/use-auth-sync';
import { UpdateBanner } from '@/pwa/update-banner';
import { RouteErrorScreen } from '@/app/routes/route-error-screen';
import { useScrollToTopOnNavigate } from '@/app/routes/use-scroll-to-top';

/**
 * A screen that fails (its chunk gone after a deploy, a bug) shows the Italian error screen inside
 * this layout, so the offline and update banners stay; going elsewhere clears it.
 */
export function RootLayout() {
  useAuthSync();
  useScrollToTopOnNavigate();
  const { pathname } = useLocation();
  return (
    <>
      <OfflineBanner />
      <UpdateBanner />
      <ErrorBoundary FallbackComponent={RouteErrorScreen} resetKeys={[pathname]}>
        <Outlet />
      </ErrorBoundary>
      <Toaster />
    </>
  );
}
