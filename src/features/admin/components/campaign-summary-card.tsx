import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import type { CampaignSummary } from '@/features/admin/api/get-campaign-summaries';
import { summaryTables, type SummaryTable } from '@/features/admin/summary-tables';
import { adminTexts } from '@/features/admin/texts';
import { formatCount, formatMoney } from '@/lib/format';
import { fill, plural } from '@/lib/texts';

const t = adminTexts.riepilogo;

function FiguresTable({ table }: { table: SummaryTable }) {
  const captionId = useId();
  return (
    // Focusable so that a keyboard can scroll it when large amounts make it wider than a phone.
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full border-collapse text-sm tabular-nums sm:text-base">
        <caption id={captionId} className="pb-2 text-left font-display text-lg font-semibold">
          {table.title}
        </caption>
        <thead>
          <tr className="border-b border-border text-muted-foreground">
            <td />
            {table.windows.map((window) => (
              <th
                key={window}
                scope="col"
                className="px-1.5 py-1.5 text-right align-bottom leading-tight font-semibold sm:px-2"
              >
                {t.windows[window]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.label} className="border-b border-border last:border-b-0">
              <th scope="row" className="py-2 pr-1.5 text-left leading-tight font-medium sm:pr-2">
                {row.label}
              </th>
              {row.values.map((value, index) => (
                <td key={table.windows[index]} className="px-1.5 py-2 text-right whitespace-nowrap sm:px-2">
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
          <CollapsibleTrigger className="min-h-16 rounded-2xl px-4 py-3 hover:bg-muted sm:px-6">
            <span className="grid gap-0.5">
              <span>{summary.name}</span>
              <span className="font-sans text-sm font-normal text-muted-foreground">
                {fill(plural(summary.clients.total, t.closedSummary, formatCount(summary.clients.total)), {
                  net: formatMoney(summary.net.total),
                })}
              </span>
            </span>
            <ChevronDown aria-hidden="true" className="size-6 shrink-0 text-primary" />
          </CollapsibleTrigger>
        </h2>
        <CollapsibleContent className="grid gap-6 border-t border-border px-4 pt-4 pb-6 sm:grid-cols-2 sm:px-6">
          {summaryTables(summary).map((table) => (
            <FiguresTable key={table.title} table={table} />
          ))}
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}
