import {
  ArrowLeftRight,
  CalendarCheck,
  CalendarDays,
  ChartColumn,
  ChevronDown,
  Network,
  Percent,
  Receipt,
  Settings,
  Users,
} from 'lucide-react';
import { Outlet } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { AreaLayout, type AreaNavItem } from '@/components/layouts/area-layout';
import { Card } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { paths } from '@/config/paths';
import { PlaceholderScreen } from '@/app/areas/placeholder-screen';
import { RequireRole } from '@/app/areas/require-role';
import { useAreaSignOut } from '@/app/areas/use-area-sign-out';
import { texts } from '@/lib/texts';

const t = texts.dashboard;
const d = paths.dashboard;

const items: AreaNavItem[] = [
  { href: d.registrazioni.href(), label: t.registrazioni.label, icon: Receipt },
  { href: d.movimenti.href(), label: t.movimenti.label, icon: ArrowLeftRight },
  { href: d.clienti.href(), label: t.clienti.label, icon: Users },
  { href: d.prenotazioni.href(), label: t.prenotazioni.label, icon: CalendarCheck },
  { href: d.agenda.href(), label: t.agenda.label, icon: CalendarDays },
  { href: d.percentuali.href(), label: t.percentuali.label, icon: Percent },
  { href: d.statistiche.href(), label: t.statistiche.label, icon: ChartColumn },
  { href: d.struttura.href(), label: t.struttura.label, icon: Network },
  { href: d.impostazioni.href(), label: t.impostazioni.label, icon: Settings },
];

/** /dashboard/*: the salon's management. */
export function DashboardArea() {
  const { signOut, pending } = useAreaSignOut();
  return (
    <RequireRole role="merchant">
      {(whoami) => (
        <AreaLayout
          areaName={whoami.merchant?.name ?? t.areaName}
          subtitle={whoami.email}
          items={items}
          onSignOut={signOut}
          signingOut={pending}
        >
          <Outlet />
        </AreaLayout>
      )}
    </RequireRole>
  );
}

export const dashboardScreens = {
  registrazioni: () => <PlaceholderScreen title={t.registrazioni.title} empty={t.registrazioni.empty} />,
  movimenti: () => <PlaceholderScreen title={t.movimenti.title} empty={t.movimenti.empty} />,
  clienti: () => <PlaceholderScreen title={t.clienti.title} empty={t.clienti.empty} />,
  prenotazioni: () => <PlaceholderScreen title={t.prenotazioni.title} empty={t.prenotazioni.empty} />,
  agenda: () => <PlaceholderScreen title={t.agenda.title} empty={t.agenda.empty} />,
  percentuali: () => <PlaceholderScreen title={t.percentuali.title} />,
  statistiche: () => <PlaceholderScreen title={t.statistiche.title} />,
  struttura: () => (
    <PlaceholderScreen title={t.struttura.title}>
      <Card className="p-2">
        <Collapsible>
          <CollapsibleTrigger className="px-4">
            {t.struttura.open}
            <ChevronDown aria-hidden="true" className="size-5" />
          </CollapsibleTrigger>
          <CollapsibleContent className="px-4 pb-4">
            <EmptyState>{t.struttura.empty}</EmptyState>
          </CollapsibleContent>
        </Collapsible>
      </Card>
    </PlaceholderScreen>
  ),
  impostazioni: () => (
    <PlaceholderScreen title={t.impostazioni.title}>
      <EmptyState>{t.impostazioni.emptyOperators}</EmptyState>
      <EmptyState>{t.impostazioni.emptyTreatments}</EmptyState>
    </PlaceholderScreen>
  ),
};
