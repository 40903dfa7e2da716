import { csvAmount, csvField, csvText } from '@/lib/csv';
import { formatDate } from '@/lib/format';
import type { SummaryDay } from '@/features/merchant-loyalty/api/get-daily-summary';

export const dailySummaryCsvHeaders = ['Data', 'Acquisti', 'Storni', 'Lordo', 'Sconti', 'Netto', 'Documenti'];

/** The accountant's daily summary as a CSV for Excel in Italy (see lib/csv). */
export function dailySummaryCsv(days: readonly SummaryDay[]): string {
  return csvText([
    dailySummaryCsvHeaders,
    ...days.map((day) => [
      formatDate(day.date),
      String(day.purchases),
      String(day.reversals),
      csvAmount(day.gross),
      csvAmount(day.discounts),
      csvAmount(day.net),
      csvField(day.receipts),
    ]),
  ]);
}

/** The period a summary covers: the filter's dates, else from the 1st of this month to today. */
export function summaryPeriod(
  filter: { dateFrom: string | null; dateTo: string | null },
  today: string,
): { dateFrom: string; dateTo: string } {
  return { dateFrom: filter.dateFrom ?? `${today.slice(0, 8)}01`, dateTo: filter.dateTo ?? today };
}
