import { CalendarPlus, ChevronDown, Network, ShoppingBag, UserPlus, UserRound, Wallet } from 'lucide-react';
import { Outlet } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { AreaLayout, type AreaNavItem } from '@/components/layouts/area-layout';
import { Card } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { paths } from '@/config/paths';
import { PlaceholderScreen } from '@/app/areas/placeholder-screen';
import { RequireRole } from '@/app/areas/require-role';
import { useAreaSignOut } from '@/app/areas/use-area-sign-out';
import { getCurrentMerchantSlug } from '@/lib/current-merchant';
import { texts } from '@/lib/texts';

const t = texts.client;

const items: AreaNavItem[] = [
  { href: paths.client.profile.href(), label: t.profile.label, icon: UserRound },
  { href: paths.client.acquisti.href(), label: t.acquisti.label, icon: ShoppingBag },
  { href: paths.client.presenta.href(), label: t.presenta.label, icon: UserPlus },
  { href: paths.client.crediti.href(), label: t.crediti.label, icon: Wallet },
  { href: paths.client.struttura.href(), label: t.struttura.label, icon: Network },
  { href: paths.client.prenota.href(), label: t.prenota.label, icon: CalendarPlus },
];

/** /client/*: the customer's area, at the salon they last came through. */
export function ClientArea() {
  const { signOut, pending } = useAreaSignOut();
  return (
    <RequireRole role="client">
      {(whoami) => {
        const current =
          whoami.clients.find((client) => client.merchant_slug === getCurrentMerchantSlug()) ??
          whoami.clients[0];
        return (
          <AreaLayout
            areaName={current?.merchant_name ?? t.areaName}
            subtitle={current ? `${current.name} · ${current.code}` : null}
            items={items}
            onSignOut={signOut}
            signingOut={pending}
          >
            <Outlet />
          </AreaLayout>
        );
      }}
    </RequireRole>
  );
}

function Section({ title, empty }: { title: string; empty: string }) {
  return (
    <Card className="p-2">
      <Collapsible>
        <CollapsibleTrigger className="px-4">
          {title}
          <ChevronDown aria-hidden="true" className="size-5" />
        </CollapsibleTrigger>
        <CollapsibleContent className="px-4 pb-4">
          <EmptyState>{empty}</EmptyState>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}

export const clientScreens = {
  profile: () => <PlaceholderScreen title={t.profile.title} />,
  acquisti: () => <PlaceholderScreen title={t.acquisti.title} empty={t.acquisti.empty} />,
  presenta: () => <PlaceholderScreen title={t.presenta.title} />,
  crediti: () => <PlaceholderScreen title={t.crediti.title} />,
  struttura: () => <PlaceholderScreen title={t.struttura.title} empty={t.struttura.empty} />,
  prenota: () => (
    <PlaceholderScreen title={t.prenota.title}>
      <Section title={t.prenota.myReservations} empty={t.prenota.emptyReservations} />
      <Section title={t.prenota.treatments} empty={t.prenota.emptyTreatments} />
    </PlaceholderScreen>
  ),
};
