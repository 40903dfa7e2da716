import { clientsQueryOptions, firstPickerPage } from '@/features/merchant-loyalty/api/list-clients';
import { prefetchOnce } from '@/lib/query-client';

/**
 * Asks for the data of the merchant's screen being opened while the area's code downloads, so the
 * screen first shows with it (src/app/routes/area-route.tsx): Registrazioni's first page of clients.
 */
export async function prefetchDashboardScreen(segment: string): Promise<void> {
  if (segment === 'registrazioni') await prefetchOnce(clientsQueryOptions(firstPickerPage));
}
