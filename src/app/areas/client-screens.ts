import { prefetchClientScreen } from '@/app/areas/client-screen-data';
import { withMembership } from '@/app/areas/with-membership';
import { inThisChunk, type AreaScreens } from '@/app/routes/area-route';
import { CreditScreen } from '@/features/client-loyalty/components/credit-screen';
import { ProfileScreen } from '@/features/client-loyalty/components/profile-screen';
import { PurchasesScreen } from '@/features/client-loyalty/components/purchases-screen';
import { ReferralScreen } from '@/features/client-loyalty/components/referral-screen';
import { ReferralTreeScreen } from '@/features/client-loyalty/components/referral-tree-screen';

/**
 * /client/*'s screens, downloaded beside the area's layout: the loyalty screens in this chunk, Prenota
 * (the booking steps, the largest) in one of its own.
 */
export const clientScreens: AreaScreens = {
  screens: {
    profile: inThisChunk(withMembership(ProfileScreen)),
    acquisti: inThisChunk(withMembership(PurchasesScreen)),
    presenta: inThisChunk(withMembership(ReferralScreen)),
    crediti: inThisChunk(withMembership(CreditScreen)),
    struttura: inThisChunk(withMembership(ReferralTreeScreen)),
    prenota: () =>
      import('@/app/areas/client-booking-screen').then((m) => withMembership(m.ClientBookingScreen)),
  },
  prefetch: prefetchClientScreen,
};
