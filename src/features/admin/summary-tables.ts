import type { CampaignSummary } from '@/features/admin/api/get-campaign-summaries';
import { adminTexts } from '@/features/admin/texts';
import { formatCount, formatMoney } from '@/lib/format';

type SummaryWindow = 'total' | 'yesterday' | 'last_week' | 'last_month';

export interface SummaryTable {
  title: string;
  windows: readonly SummaryWindow[];
  rows: { label: string; values: string[] }[];
}

type Windows = Partial<Record<SummaryWindow, number>>;

function row(
  label: string,
  values: Windows,
  windows: readonly SummaryWindow[],
  format: (value: number) => string,
) {
  return { label, values: windows.map((window) => format(values[window] ?? 0)) };
}

/** Every figure of a merchant's campaign summary (spec §9), as tables of rows by window, formatted. */
export function summaryTables(summary: CampaignSummary): SummaryTable[] {
  const { sections, rows } = adminTexts.riepilogo;
  const clientWindows = ['total', 'yesterday', 'last_week', 'last_month'] as const;
  const weekWindows = ['total', 'yesterday', 'last_week'] as const;
  const dayWindows = ['total', 'yesterday'] as const;
  return [
    {
      title: sections.clients,
      windows: clientWindows,
      rows: [row(rows.clients, summary.clients, clientWindows, formatCount)],
    },
    {
      title: sections.presentations,
      windows: weekWindows,
      rows: [
        row(rows.first, summary.presentations.first, weekWindows, formatCount),
        row(rows.second, summary.presentations.second, weekWindows, formatCount),
        row(rows.third, summary.presentations.third, weekWindows, formatCount),
      ],
    },
    {
      title: sections.revenue,
      windows: weekWindows,
      rows: [
        row(rows.gross, summary.gross, weekWindows, formatMoney),
        row(rows.discounts, summary.discounts, weekWindows, formatMoney),
        row(rows.net, summary.net, weekWindows, formatMoney),
      ],
    },
    {
      title: sections.byGeneration,
      windows: dayWindows,
      rows: [
        row(rows.unsponsored, summary.revenue.unsponsored, dayWindows, formatMoney),
        row(rows.generation1, summary.revenue.generation1, dayWindows, formatMoney),
        row(rows.generation2, summary.revenue.generation2, dayWindows, formatMoney),
        row(rows.generation3, summary.revenue.generation3, dayWindows, formatMoney),
      ],
    },
  ];
}
