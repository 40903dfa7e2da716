import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const percentagesSchema = z.object({
  personal: numeric,
  sponsor1: numeric,
  sponsor2: numeric,
  sponsor3: numeric,
});

export type Percentages = z.infer<typeof percentagesSchema>;

/** The merchant's credit percentages: personal for the buyer, sponsor1..3 for the sponsors above. */
async function getPercentages(): Promise<Percentages> {
  return percentagesSchema.parse(await callRpc('get_percentages'));
}

export const percentagesQueryOptions = () =>
  queryOptions({ queryKey: [...merchantLoyaltyKey, 'percentages'], queryFn: getPercentages });

export function usePercentages() {
  return useQuery(percentagesQueryOptions());
}
