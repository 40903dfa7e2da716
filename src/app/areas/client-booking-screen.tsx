import { BookingScreen } from '@/features/booking-client/components/booking-screen';
import type { ClientMembership } from '@/features/client-loyalty/membership';

/** Prenota, at the salon the client area is about (its choices are in the address). */
export function ClientBookingScreen({ membership }: { membership: ClientMembership }) {
  return (
    <BookingScreen
      merchantSlug={membership.merchantSlug}
      merchantName={membership.merchantName}
      clientId={membership.clientId}
    />
  );
}
