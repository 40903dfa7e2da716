import { useState } from 'react';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import type { ClientStatistics } from '@/features/merchant-loyalty/api/get-statistics';
import { useClientStatistics } from '@/features/merchant-loyalty/api/list-client-statistics';
import { Pager, pageCountOf } from '@/features/merchant-loyalty/components/pager';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { formatCount, formatMoney } from '@/lib/format';

const t = merchantLoyaltyTexts.statistiche;
const c = t.columns;

const detailPageSize = 20;

/** Every client's figures, a page at a time: a card per client on a phone, a table from a tablet up. */
export function ClientStatisticsDetail() {
  const [page, setPage] = useState(1);
  const detail = useClientStatistics(page, detailPageSize);
  const columns: DetailColumn[] = [
    { label: c.purchases, cell: (row) => formatMoney(row.total_purchases) },
    { label: c.count, cell: (row) => formatCount(row.purchases_count) },
    { label: c.generation1, cell: (row) => formatCount(row.generation1_count) },
    { label: c.generation2, cell: (row) => formatCount(row.generation2_count) },
    { label: c.generation3, cell: (row) => formatCount(row.generation3_count) },
    { label: c.revenue1, cell: (row) => formatMoney(row.generation1_revenue) },
    { label: c.revenue2, cell: (row) => formatMoney(row.generation2_revenue) },
    { label: c.revenue3, cell: (row) => formatMoney(row.generation3_revenue) },
  ];
  return (
    <section aria-labelledby="statistics-detail" className="grid gap-3">
      <h2 id="statistics-detail" className="font-display text-xl font-semibold">
        {t.detail}
      </h2>
      <QueryView query={detail} pending={<Skeleton className="h-96" />}>
        {(data) => (
          <>
            <ClientStatisticsCards rows={data.clients} columns={columns} />
            <ClientStatisticsTable rows={data.clients} columns={columns} />
          </>
        )}
      </QueryView>
      <Pager
        page={page}
        pageCount={pageCountOf(detail.data?.total ?? 0, detailPageSize)}
        onPageChange={setPage}
        what={t.detail.toLowerCase()}
      />
    </section>
  );
}

type DetailColumn = { label: string; cell: (row: ClientStatistics) => string };

/** The cards pair each generation's referrals with their revenue: purchases, then 1ª, 2ª and 3ª. */
const cardOrder = [0, 1, 2, 5, 3, 6, 4, 7];

/** On a phone: each client's figures as labelled pairs, two to a row, nothing to scroll sideways. */
function ClientStatisticsCards({
  rows,
  columns,
}: {
  rows: readonly ClientStatistics[];
  columns: DetailColumn[];
}) {
  return (
    <ul aria-label={t.detailCaption} className="grid gap-3 md:hidden">
      {rows.map((row) => (
        <li key={row.code} className="grid gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm">
          <p className="font-medium break-words">
            {row.name} <span className="font-normal text-muted-foreground">{row.code}</span>
          </p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {cardOrder
              .map((index) => columns[index]!)
              .map((column) => (
                <div key={column.label} className="grid min-w-0">
                  <dt className="text-muted-foreground">{column.label}</dt>
                  <dd className="font-semibold tabular-nums">{column.cell(row)}</dd>
                </div>
              ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function ClientStatisticsTable({
  rows,
  columns,
}: {
  rows: readonly ClientStatistics[];
  columns: DetailColumn[];
}) {
  return (
    // Wider than a small tablet: the table scrolls sideways, and can be scrolled with the keyboard.
    <div
      role="region"
      aria-label={t.detailScroll}
      tabIndex={0}
      className="hidden overflow-x-auto md:block rounded-2xl border border-border bg-card shadow-sm focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full min-w-[46rem] text-left text-sm [&_td:not(:first-child)]:whitespace-nowrap">
        <caption className="sr-only">{t.detailCaption}</caption>
        <thead className="border-b border-border bg-muted/60">
          <tr>
            <th scope="col" className="sticky left-0 bg-muted px-3 py-3 font-semibold">
              {c.client}
            </th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="px-3 py-3 text-right font-semibold">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code} className="border-b border-border last:border-0">
              <th scope="row" className="sticky left-0 bg-card px-3 py-2 font-medium">
                {row.name} <span className="font-normal text-muted-foreground">{row.code}</span>
              </th>
              {columns.map((column) => (
                <td key={column.label} className="px-3 py-2 text-right tabular-nums">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
