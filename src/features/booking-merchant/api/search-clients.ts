import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookingMerchantKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

const foundClientSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** null for an erased client, who cannot be booked. */
  available_credit: z.nullable(z.unknown()),
});
const foundSchema = z.object({ clients: z.array(foundClientSchema) });

export interface FoundClient {
  id: string;
  code: string;
  name: string;
}

/** The first clients whose name, code, e-mail or phone match, to book one of them; erased ones left out. */
async function searchClients(search: string): Promise<FoundClient[]> {
  const found = foundSchema.parse(await callRpc('merchant_clients', { search, page: 1, page_size: 5 }));
  return found.clients
    .filter((client) => client.available_credit !== null)
    .map(({ id, code, name }) => ({ id, code, name }));
}

export function useSearchClients(search: string) {
  return useQuery({
    ...queryOptions({
      queryKey: [...bookingMerchantKey, 'client-search', search],
      queryFn: () => searchClients(search),
    }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
