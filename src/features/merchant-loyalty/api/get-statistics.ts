import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

export const clientStatisticsSchema = z.object({
  code: z.string(),
  name: z.string(),
  total_purchases: numeric,
  purchases_count: numeric,
  generation1_count: numeric,
  generation2_count: numeric,
  generation3_count: numeric,
  generation1_revenue: numeric,
  generation2_revenue: numeric,
  generation3_revenue: numeric,
});

export type ClientStatistics = z.infer<typeof clientStatisticsSchema>;

const statisticsSchema = z.object({
  totals: z.object({
    clients: numeric,
    root_clients: numeric,
    sponsored_clients: numeric,
    available_credit: numeric,
    purchases: numeric,
    gross: numeric,
    discounts: numeric,
    net: numeric,
  }),
  /** Credit the salon added or removed by hand, apart from purchases. */
  adjustments: z.object({ given: numeric, removed: numeric, count: numeric }),
  /** Credit given to sponsors for their friends' first visits, storni netted out. */
  first_visit_rewards: z.object({ given: numeric, count: numeric }),
  /** Closed appointments; the rate of no-shows among them (0..1), null before any. */
  visits: z.object({ completed: numeric, no_shows: numeric, no_show_rate: z.nullable(numeric) }),
  /** Net revenue of purchases registered from a visit and of walk-ins. */
  revenue_by_origin: z.object({ visits: numeric, walk_ins: numeric }),
  revenue: z.object({
    unsponsored: numeric,
    generation1: numeric,
    generation2: numeric,
    generation3: numeric,
  }),
  top_by_purchases: z.array(clientStatisticsSchema),
  top_by_first_generation: z.array(clientStatisticsSchema),
  top_by_first_generation_revenue: z.array(clientStatisticsSchema),
});

export type Statistics = z.infer<typeof statisticsSchema>;

/** Totals, revenue by generation and the three top-5 rankings (spec §9). */
async function getStatistics(): Promise<Statistics> {
  return statisticsSchema.parse(await callRpc('merchant_statistics'));
}

const statisticsQueryOptions = () =>
  queryOptions({ queryKey: [...merchantLoyaltyKey, 'statistics'], queryFn: getStatistics });

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}
