import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingMerchantKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

const bookableClientSchema = z.object({ id: z.string(), name: z.string(), code: z.string() });

export type BookableClient = z.infer<typeof bookableClientSchema>;

/** The salon's client a booking dialog was opened for (by id alone, so no name travels in the address). */
export const bookableClientQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...bookingMerchantKey, 'bookable-client', clientId],
    queryFn: async () =>
      bookableClientSchema.parse(await callRpc('bookable_client', { client_id: clientId })),
  });

/** Idle without a client (a dialog that searches one instead). */
export function useBookableClient(clientId: string | undefined) {
  return useQuery({ ...bookableClientQueryOptions(clientId ?? ''), enabled: Boolean(clientId) });
}
