import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineBanner } from '@/components/offline-banner';
import { Toaster } from '@/components/ui/toaster';
import { useAuthSync } from '@/features/auth/use-auth-sync';

export function RootLayout() {
  useAuthSync();
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
