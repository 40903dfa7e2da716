import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const countWindows = z.object({ total: numeric, yesterday: numeric, last_week: numeric });
const moneyWindows = z.object({ total: numeric, yesterday: numeric, last_week: numeric });
const revenueWindows = z.object({ total: numeric, yesterday: numeric });

const campaignSummarySchema = z.object({
  merchant_id: z.string(),
  slug: z.string(),
  name: z.string(),
  clients: z.object({ total: numeric, yesterday: numeric, last_week: numeric, last_month: numeric }),
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
async function getCampaignSummaries(): Promise<CampaignSummary[]> {
  return z.array(campaignSummarySchema).parse(await callRpc('admin_campaign_summaries'));
}

export const campaignSummariesQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'campaign-summaries'], queryFn: getCampaignSummaries });

export function useCampaignSummaries() {
  return useQuery(campaignSummariesQueryOptions());
}
