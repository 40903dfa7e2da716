import { Outlet } from 'react-router';
import { AreaLayout } from '@/components/layouts/area-layout';
import type { WhoamiClient } from '@/lib/whoami';
import { SalonHeader } from '@/features/client-loyalty/components/salon-header';
import type { ClientMembership } from '@/features/client-loyalty/membership';
import { RequireRole } from '@/app/areas/require-role';
import { useAreaSignOut } from '@/app/areas/use-area-sign-out';
import { ClientSnapshotKeeper } from '@/app/areas/client-snapshot-keeper';
import { OfflineClientScreen } from '@/app/areas/offline-client-screen';
import {
  chosenMembership,
  getCurrentMerchantSlug,
  setCurrentMerchantSlug,
  useCurrentMerchantSlug,
} from '@/lib/current-merchant';
import { readOfflineSnapshot, storedSessionUserId } from '@/lib/offline-snapshot';
import { areaTexts } from '@/lib/area-texts';
import { clientNavItems } from '@/app/areas/client-nav-items';

const t = areaTexts.client;

/** /client/*: the customer's area, at the salon they last came through or switched to. */
export function ClientArea() {
  const { signOut, pending } = useAreaSignOut();
  const chosenSlug = useCurrentMerchantSlug();
  return (
    <RequireRole role="client" offline={offlineScreen}>
      {(whoami) => {
        const current = chosenMembership(whoami.clients, chosenSlug);
        return (
          <AreaLayout
            areaName={current?.merchant_name ?? t.areaName}
            subtitle={current ? `${current.name} · ${current.code}` : null}
            items={clientNavItems}
            onSignOut={signOut}
            signingOut={pending}
          >
            {current ? (
              <SalonHeader current={current} memberships={whoami.clients} onSwitch={setCurrentMerchantSlug} />
            ) : null}
            {current && whoami.user_id ? (
              <ClientSnapshotKeeper userId={whoami.user_id} current={current} />
            ) : null}
            <Outlet context={current ? membershipOf(current) : null} />
          </AreaLayout>
        );
      }}
    </RequireRole>
  );
}

/** Offline: the credit and next appointment last read on this device by the signed-in customer. */
function offlineScreen(retry: () => void) {
  const userId = storedSessionUserId();
  const salons = userId ? readOfflineSnapshot(userId) : [];
  if (salons.length === 0) return null;
  return <OfflineClientScreen salons={salons} currentSlug={getCurrentMerchantSlug()} onRetry={retry} />;
}

function membershipOf(client: WhoamiClient): ClientMembership {
  return {
    merchantSlug: client.merchant_slug,
    merchantName: client.merchant_name,
    clientId: client.id,
    clientCode: client.code,
  };
}
