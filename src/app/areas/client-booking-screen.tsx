import { useSearchParams } from 'react-router';
import { treatmentParam } from '@/config/paths';
import { BookingScreen } from '@/features/booking-client/components/booking-screen';
import type { ClientMembership } from '@/features/client-loyalty/membership';

/** Prenota, at the salon the client area is about. */
export function ClientBookingScreen({ membership }: { membership: ClientMembership }) {
  const [searchParams] = useSearchParams();
  return (
    <BookingScreen
      merchantSlug={membership.merchantSlug}
      merchantName={membership.merchantName}
      clientId={membership.clientId}
      treatmentId={searchParams.get(treatmentParam) ?? undefined}
    />
  );
}
