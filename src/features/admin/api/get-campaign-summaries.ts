import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callRpc } from '@/lib/rpc';

/** numeric columns arrive as JSON numbers (or strings from some drivers). */
const amount = z.union([z.number(), z.string()]).transform(Number);
const count = z.union([z.number(), z.string()]).transform(Number);

const countWindows = z.object({ total: count, yesterday: count, last_week: count });
const moneyWindows = z.object({ total: amount, yesterday: amount, last_week: amount });
const revenueWindows = z.object({ total: amount, yesterday: amount });

export const campaignSummarySchema = z.object({
  merchant_id: z.string(),
  slug: z.string(),
  name: z.string(),
  clients: z.object({ total: count, yesterday: count, last_week: count, last_month: count }),
  presentations: z.object({ first: countWindows, second: countWindows, third: countWindows }),
  gross: moneyWindows,
  discounts: moneyWindows,
  net: moneyWindows,
  revenue: z.object({
    unsponsored: revenueWindows,
    generation1: revenueWindows,
    generation2: revenueWindows,
    generation3: revenueWindows,
  }),
});

export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/** The campaign summary of every merchant in one call (platform admin only), newest merchant first. */
export async function getCampaignSummaries(): Promise<CampaignSummary[]> {
  return z.array(campaignSummarySchema).parse(await callRpc('admin_campaign_summaries'));
}

export const campaignSummariesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'campaign-summaries'], queryFn: getCampaignSummaries });

export function useCampaignSummaries() {
  return useQuery(campaignSummariesQueryOptions());
}
