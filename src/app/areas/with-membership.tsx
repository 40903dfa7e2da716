import type { ComponentType } from 'react';
import { useOutletContext } from 'react-router';
import { PlaceholderScreen } from '@/app/areas/placeholder-screen';
import type { ClientMembership } from '@/features/client-loyalty/membership';
import { areaTexts } from '@/lib/area-texts';

/** A customer screen about the salon handed down by the client area's layout (none without a membership). */
export function withMembership(Screen: ComponentType<{ membership: ClientMembership }>): ComponentType {
  return function ClientScreen() {
    const membership = useOutletContext<ClientMembership | null>();
    if (!membership) return <PlaceholderScreen title={areaTexts.client.areaName} />;
    return <Screen key={membership.merchantSlug} membership={membership} />;
  };
}
