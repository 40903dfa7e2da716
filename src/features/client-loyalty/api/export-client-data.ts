import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { exactAmount } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const instant = z.string();

const clientDataSchema = z.object({
  exported_at: instant,
  privacy_notice_version: z.string(),
  salon: z.object({ name: z.string(), slug: z.string() }),
  profile: z.object({
    code: z.string(),
    name: z.string(),
    email: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    registered_at: instant,
    generation: z.number(),
    sponsor_code: z.nullable(z.string()),
    available_credit: exactAmount,
  }),
  purchases: z.array(
    z.object({
      created_at: instant,
      spend: exactAmount,
      discount: exactAmount,
      net: exactAmount,
      reversal: z.boolean(),
      reversal_reason: z.nullable(z.string()),
    }),
  ),
  credit_ledger: z.array(z.object({ created_at: instant, kind: z.string(), amount: exactAmount })),
  reservations: z.array(
    z.object({
      starts_at: instant,
      ends_at: instant,
      treatment: z.string(),
      operator: z.nullable(z.string()),
      status: z.string(),
      notes: z.string(),
      created_at: instant,
    }),
  ),
  consents: z.array(
    z.object({ kind: z.string(), granted: z.boolean(), notice_version: z.string(), recorded_at: instant }),
  ),
});

export type ClientData = z.infer<typeof clientDataSchema>;

/** Everything the salon holds about the signed-in customer (api.client_data_export), for her download. */
async function exportClientData(merchantSlug: string): Promise<ClientData> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return clientDataSchema.parse(await callRpc('client_data_export', { merchant_slug: slug }));
}

export function useExportClientData() {
  return useMutation({ mutationFn: exportClientData });
}
