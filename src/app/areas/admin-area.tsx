import { ClipboardList, Network, Store } from 'lucide-react';
import { Outlet } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { AreaLayout, type AreaNavItem } from '@/components/layouts/area-layout';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { PlaceholderScreen } from '@/app/areas/placeholder-screen';
import { RequireRole } from '@/app/areas/require-role';
import { useAreaSignOut } from '@/app/areas/use-area-sign-out';
import { texts } from '@/lib/texts';

const t = texts.admin;
const a = paths.admin;

const items: AreaNavItem[] = [
  { href: a.merchants.href(), label: t.merchants.label, icon: Store },
  { href: a.riepilogo.href(), label: t.riepilogo.label, icon: ClipboardList },
  { href: a.albero.href(), label: t.albero.label, icon: Network },
];

/** /admin/*: the platform administrator's area. */
export function AdminArea() {
  const { signOut, pending } = useAreaSignOut();
  return (
    <RequireRole role="admin">
      {(whoami) => (
        <AreaLayout
          areaName={t.areaName}
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

export const adminScreens = {
  merchants: () => (
    <PlaceholderScreen title={t.merchants.title}>
      <h2 className="text-xl font-semibold">{t.merchants.list}</h2>
      <EmptyState>{t.merchants.empty}</EmptyState>
    </PlaceholderScreen>
  ),
  riepilogo: () => <PlaceholderScreen title={t.riepilogo.title} empty={t.riepilogo.empty} />,
  albero: () => (
    <PlaceholderScreen title={t.albero.title}>
      <FormField label={t.albero.merchant} className="max-w-sm">
        {(control) => (
          <Select>
            <SelectTrigger {...control}>
              <SelectValue placeholder={t.albero.chooseMerchant} />
            </SelectTrigger>
            <SelectContent />
          </Select>
        )}
      </FormField>
      <h2 className="text-xl font-semibold">{t.albero.allClients}</h2>
    </PlaceholderScreen>
  ),
};
