import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineBanner } from '@/components/offline-banner';
import { Toaster } from '@/components/ui/toaster';
import { useAuthSync } from '@/features/auth/use-auth-sync';
import { UpdateBanner } from '@/pwa/update-banner';

export function RootLayout() {
  useAuthSync();
  return (
    <>
      <OfflineBanner />
      <UpdateBanner />
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
