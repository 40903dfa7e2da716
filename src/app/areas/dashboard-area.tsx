import type { ComponentProps } from 'react';
import { Outlet, useMatch } from 'react-router';
import { AreaLayout } from '@/components/layouts/area-layout';
import { paths } from '@/config/paths';
import { usePendingCount } from '@/features/booking-merchant/api/pending-count';
import { useWatchMerchantReservations } from '@/features/booking-merchant/api/watch-merchant-reservations';
import { RequireRole } from '@/app/areas/require-role';
import { useAreaSignOut } from '@/app/areas/use-area-sign-out';
import { areaTexts } from '@/lib/area-texts';
import { dashboardNavItems } from '@/app/areas/dashboard-nav-items';

const t = areaTexts.dashboard;
const d = paths.dashboard;

/** /dashboard/*: the salon's management. */
export function DashboardArea() {
  const { signOut, pending } = useAreaSignOut();
  return (
    <RequireRole role="merchant">
      {(whoami) => (
        <DashboardLayout
          areaName={whoami.merchant?.name ?? t.areaName}
          subtitle={whoami.email}
          onSignOut={signOut}
          signingOut={pending}
        />
      )}
    </RequireRole>
  );
}

/**
 * The signed-in salon's layout: its reservations stay live on every screen (one subscription) and
 * 'Prenotazioni' shows how many requests wait for an answer.
 */
function DashboardLayout(props: Omit<ComponentProps<typeof AreaLayout>, 'items' | 'children'>) {
  useWatchMerchantReservations();
  // Prenotazioni's pages bring the count themselves.
  const pendingCount = usePendingCount(!useMatch(d.prenotazioni.path)).data;
  const withBadge = dashboardNavItems.map((item) =>
    item.href === d.prenotazioni.href() ? { ...item, badge: pendingCount } : item,
  );
  return (
    <AreaLayout {...props} items={withBadge}>
      <Outlet />
    </AreaLayout>
  );
}
