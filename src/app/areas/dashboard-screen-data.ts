import { clientsQueryOptions, firstPickerPage } from '@/features/merchant-loyalty/api/list-clients';
import { queryClient } from '@/lib/query-client';

/**
 * Asks for the data of the merchant's screen being opened while the area's code downloads
 * (src/app/routes/area-route.tsx): Registrazioni's first page of clients.
 */
export async function prefetchDashboardScreen(segment: string): Promise<void> {
  if (segment === 'registrazioni') await queryClient.prefetchQuery(clientsQueryOptions(firstPickerPage));
}
