import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { amount, count, merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { callRpc } from '@/lib/rpc';

export const clientStatisticsSchema = z.object({
  code: z.string(),
  name: z.string(),
  total_purchases: amount,
  purchases_count: count,
  generation1_count: count,
  generation2_count: count,
  generation3_count: count,
  generation1_revenue: amount,
  generation2_revenue: amount,
  generation3_revenue: amount,
});

export type ClientStatistics = z.infer<typeof clientStatisticsSchema>;

export const statisticsSchema = z.object({
  totals: z.object({
    clients: count,
    root_clients: count,
    sponsored_clients: count,
    available_credit: amount,
    purchases: count,
    gross: amount,
    discounts: amount,
    net: amount,
  }),
  revenue: z.object({
    unsponsored: amount,
    generation1: amount,
    generation2: amount,
    generation3: amount,
  }),
  top_by_purchases: z.array(clientStatisticsSchema),
  top_by_first_generation: z.array(clientStatisticsSchema),
  top_by_first_generation_revenue: z.array(clientStatisticsSchema),
});

export type Statistics = z.infer<typeof statisticsSchema>;

/** Totals, revenue by generation and the three top-5 rankings (spec §9). */
export async function getStatistics(): Promise<Statistics> {
  return statisticsSchema.parse(await callRpc('merchant_statistics'));
}

export const statisticsQueryOptions = () =>
  queryOptions({ queryKey: [...merchantLoyaltyKey, 'statistics'], queryFn: getStatistics });

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}
