import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import type { CampaignSummary } from '@/features/admin/api/get-campaign-summaries';
import { formatCount, summaryTables, type SummaryTable } from '@/features/admin/summary-tables';
import { adminTexts } from '@/features/admin/texts';
import { formatMoney } from '@/lib/format';
import { fill } from '@/lib/texts';

const t = adminTexts.riepilogo;

function FiguresTable({ table }: { table: SummaryTable }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] border-collapse text-sm tabular-nums sm:text-base">
        <caption className="pb-2 text-left font-display text-lg font-semibold">{table.title}</caption>
        <thead>
          <tr className="border-b border-border text-muted-foreground">
            <td />
            {table.windows.map((window) => (
              <th key={window} scope="col" className="px-2 py-1.5 text-right font-semibold">
                {t.windows[window]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.label} className="border-b border-border last:border-b-0">
              <th scope="row" className="py-2 pr-2 text-left font-medium">
                {row.label}
              </th>
              {row.values.map((value, index) => (
                <td key={table.windows[index]} className="px-2 py-2 text-right whitespace-nowrap">
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One merchant's campaign summary (spec §9), closed until its arrow button opens it. */
export function CampaignSummaryCard({ summary }: { summary: CampaignSummary }) {
  const headingId = useId();
  return (
    <Card>
      <Collapsible defaultOpen={false}>
        <h2 id={headingId} className="text-xl font-semibold">
          <CollapsibleTrigger className="min-h-16 rounded-2xl px-6 py-3 hover:bg-muted">
            <span className="grid gap-0.5">
              <span>{summary.name}</span>
              <span className="font-sans text-sm font-normal text-muted-foreground">
                {fill(t.closedSummary, {
                  clients: formatCount(summary.clients.total),
                  net: formatMoney(summary.net.total),
                })}
              </span>
            </span>
            <ChevronDown aria-hidden="true" className="size-6 shrink-0 text-primary" />
          </CollapsibleTrigger>
        </h2>
        <CollapsibleContent className="grid gap-6 border-t border-border px-6 pt-4 pb-6 sm:grid-cols-2">
          {summaryTables(summary).map((table) => (
            <FiguresTable key={table.title} table={table} />
          ))}
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}
