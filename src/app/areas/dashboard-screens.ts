import { prefetchDashboardScreen } from '@/app/areas/dashboard-screen-data';
import { inThisChunk, type AreaScreens } from '@/app/routes/area-route';
import { ClientsScreen } from '@/features/merchant-loyalty/components/clients-screen/clients-screen';
import { MovementsScreen } from '@/features/merchant-loyalty/components/movements-screen/movements-screen';
import { PercentagesScreen } from '@/features/merchant-loyalty/components/percentages-screen/percentages-screen';
import { PurchaseEntryScreen } from '@/features/merchant-loyalty/components/purchase-entry-screen/purchase-entry-screen';
import { StatisticsScreen } from '@/features/merchant-loyalty/components/statistics-screen/statistics-screen';
import { StructureScreen } from '@/features/merchant-loyalty/components/structure-screen';

/**
 * /dashboard/*'s screens, downloaded beside the area's layout: the loyalty screens in this chunk, the
 * booking ones (inbox, agenda, settings: the larger half, with their forms and lists) in their own.
 */
export const dashboardScreens: AreaScreens = {
  screens: {
    registrazioni: inThisChunk(PurchaseEntryScreen),
    movimenti: inThisChunk(MovementsScreen),
    clienti: inThisChunk(ClientsScreen),
    prenotazioni: () =>
      import('@/features/booking-merchant/components/reservations-screen/reservations-screen').then(
        (m) => m.ReservationsScreen,
      ),
    agenda: () =>
      import('@/features/booking-merchant/components/agenda-screen/agenda-screen').then(
        (m) => m.AgendaScreen,
      ),
    percentuali: inThisChunk(PercentagesScreen),
    statistiche: inThisChunk(StatisticsScreen),
    struttura: inThisChunk(StructureScreen),
    impostazioni: () => import('@/app/areas/merchant-settings-screen').then((m) => m.MerchantSettingsScreen),
    invita: () => import('@/features/invite-kit/components/invite-screen').then((m) => m.InviteScreen),
  },
  prefetch: prefetchDashboardScreen,
};
