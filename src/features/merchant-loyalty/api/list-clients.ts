import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const listClientsInputSchema = z.object({
  search: z.string().check(z.trim()),
  page: z.number().check(z.int(), z.gte(1)),
  pageSize: z.number().check(z.int(), z.gte(1), z.lte(1000)),
});

type ListClientsInput = z.input<typeof listClientsInputSchema>;

const merchantClientSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  sponsor_code: z.nullable(z.string()),
  /** null for an erased client: she has no credit. */
  available_credit: z.nullable(numeric),
  created_at: z.string(),
  /** The channels her booking messages reach her by (her choice, a subscribed phone). */
  channels: z.object({ email: z.boolean(), push: z.boolean() }),
  /** A greeting from the salon on WhatsApp: its wa.me link, or why there is none. */
  whatsapp: z.object({ url: z.optional(z.string()), missing_reason: z.optional(z.string()) }),
  /** Her appointments the salon marked 'completata' and 'non presentata'. */
  completed_visits: numeric,
  no_shows: numeric,
});

export type MerchantClient = z.infer<typeof merchantClientSchema>;

const clientsPageSchema = z.object({ total: numeric, clients: z.array(merchantClientSchema) });

type ClientsPage = z.infer<typeof clientsPageSchema>;

/** One page of the merchant's clients, newest first; the search matches name, code, e-mail or phone. */
async function listClients(input: ListClientsInput): Promise<ClientsPage> {
  const { search, page, pageSize } = listClientsInputSchema.parse(input);
  return clientsPageSchema.parse(
    await callRpc('merchant_clients', { search: search || null, page, page_size: pageSize }),
  );
}

const clientsKey = [...merchantLoyaltyKey, 'clients'] as const;

export const clientsQueryOptions = (input: ListClientsInput) =>
  queryOptions({
    queryKey: [...clientsKey, input],
    queryFn: () => listClients(input),
    placeholderData: keepPreviousData,
  });

export function useClients(input: ListClientsInput) {
  return useQuery(clientsQueryOptions(input));
}

/** Spec §9: the client picker (Registrazioni) shows 10 clients a page. */
export const pickerPageSize = 10;

/** The picker's first page, before anything is searched: what Registrazioni shows first. */
export const firstPickerPage: ListClientsInput = { search: '', page: 1, pageSize: pickerPageSize };
