import { ClipboardList, Network, Store } from 'lucide-react';
import { Outlet } from 'react-router';
import { AreaLayout } from '@/components/layouts/area-layout';
import type { AreaNavItem } from '@/components/layouts/area-nav-items';
import { paths } from '@/config/paths';
import { RequireRole } from '@/app/areas/require-role';
import { useAreaSignOut } from '@/app/areas/use-area-sign-out';
import { areaTexts } from '@/lib/area-texts';

const t = areaTexts.admin;
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
