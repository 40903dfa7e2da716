import * as z from 'zod/mini';
import { numeric } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const summaryDaySchema = z.object({
  date: z.string(),
  purchases: numeric,
  reversals: numeric,
  gross: numeric,
  discounts: numeric,
  net: numeric,
  receipts: z.string(),
});

export type SummaryDay = z.infer<typeof summaryDaySchema>;

/** Each day's purchases, storni, gross, discounts, net and receipts between two Rome dates (at most a year). */
export async function getDailySummary(dateFrom: string, dateTo: string): Promise<SummaryDay[]> {
  return z
    .array(summaryDaySchema)
    .parse(await callRpc('merchant_daily_summary', { date_from: dateFrom, date_to: dateTo }));
}
