import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantSlugSchema } from '@/components/booking/booking-key';
import { exactAmount } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const creditEntrySchema = z.object({
  id: z.string(),
  amount: exactAmount,
  /**
   * 'purchase', 'generation1', 'generation2', 'generation3', 'redemption', 'reversal', 'adjustment' or
   * 'first_visit_reward'.
   */
  reason: z.string(),
  /** On a reversal entry: 'Storno acquisto del dd-mm-yyyy'. */
  reversal_label: z.nullish(z.string()),
  /** On a reward for a friend's first visit: 'Premio per la prima visita di Giulia'. */
  reward_label: z.nullish(z.string()),
  /** On an adjustment: the reason the salon gave. */
  note: z.nullish(z.string()),
  movement_id: z.nullable(z.string()),
  created_at: z.string(),
});

const clientCreditSchema = z.object({
  available_credit: exactAmount,
  ledger: z.array(creditEntrySchema),
});

export type CreditEntry = z.infer<typeof creditEntrySchema>;
type ClientCredit = z.infer<typeof clientCreditSchema>;

/** The customer's available credit at one salon and the ledger entries behind it, newest first. */
async function getClientCredit(merchantSlug: string): Promise<ClientCredit> {
  const slug = merchantSlugSchema.parse(merchantSlug);
  return clientCreditSchema.parse(await callRpc('client_credit', { merchant_slug: slug }));
}

export const clientCreditQueryOptions = (merchantSlug: string) =>
  queryOptions({
    queryKey: ['client-loyalty', merchantSlug, 'credit'],
    queryFn: () => getClientCredit(merchantSlug),
  });

export function useClientCredit(merchantSlug: string) {
  return useQuery(clientCreditQueryOptions(merchantSlug));
}
