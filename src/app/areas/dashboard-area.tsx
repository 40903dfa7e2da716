import {
  ArrowLeftRight,
  CalendarCheck,
  CalendarDays,
  ChartColumn,
  Network,
  Percent,
  Receipt,
  Settings,
  UserPlus,
  Users,
} from 'lucide-react';
import type { ComponentProps } from 'react';
import { Outlet, useMatch } from 'react-router';
import { AreaLayout } from '@/components/layouts/area-layout';
import type { AreaNavItem } from '@/components/layouts/area-nav-items';
import { paths } from '@/config/paths';
import { usePendingCount } from '@/features/booking-merchant/api/pending-count';
import { useWatchMerchantReservations } from '@/features/booking-merchant/api/watch-merchant-reservations';
import { RequireRole } from '@/app/areas/require-role';
import { useAreaSignOut } from '@/app/areas/use-area-sign-out';
import { areaTexts } from '@/lib/area-texts';

const t = areaTexts.dashboard;
const d = paths.dashboard;

const items: AreaNavItem[] = [
  { href: d.registrazioni.href(), label: t.registrazioni.label, primary: true, icon: Receipt },
  { href: d.movimenti.href(), label: t.movimenti.label, primary: true, icon: ArrowLeftRight },
  { href: d.clienti.href(), label: t.clienti.label, icon: Users },
  { href: d.prenotazioni.href(), label: t.prenotazioni.label, primary: true, icon: CalendarCheck },
  { href: d.agenda.href(), label: t.agenda.label, primary: true, icon: CalendarDays },
  { href: d.percentuali.href(), label: t.percentuali.label, icon: Percent },
  { href: d.statistiche.href(), label: t.statistiche.label, icon: ChartColumn },
  { href: d.struttura.href(), label: t.struttura.label, icon: Network },
  { href: d.impostazioni.href(), label: t.impostazioni.label, icon: Settings },
  { href: d.invita.href(), label: t.invita.label, icon: UserPlus },
];

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
  const withBadge = items.map((item) =>
    item.href === d.prenotazioni.href() ? { ...item, badge: pendingCount } : item,
  );
  return (
    <AreaLayout {...props} items={withBadge}>
      <Outlet />
    </AreaLayout>
  );
}
