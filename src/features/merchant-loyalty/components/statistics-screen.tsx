import { useState } from 'react';
import { generationSwatch } from '@/components/client-tree/generation-style';
import { QueryView } from '@/components/query-view';
import { PageHeading } from '@/components/layouts/page-heading';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useStatistics,
  type ClientStatistics,
  type Statistics,
} from '@/features/merchant-loyalty/api/get-statistics';
import { useClientStatistics } from '@/features/merchant-loyalty/api/list-client-statistics';
import { BarList } from '@/features/merchant-loyalty/components/bar-list';
import { Pager, pageCountOf } from '@/features/merchant-loyalty/components/pager';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { formatMoney } from '@/lib/format';
import { plural } from '@/lib/texts';

const t = merchantLoyaltyTexts.statistiche;
const c = t.columns;
const detailPageSize = 20;

const countFormatter = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
const formatCount = (value: number) => countFormatter.format(value);

function Totals({
  totals,
  adjustments,
}: {
  totals: Statistics['totals'];
  adjustments: Statistics['adjustments'];
}) {
  const tiles = [
    { label: t.clients, value: formatCount(totals.clients) },
    { label: t.rootClients, value: formatCount(totals.root_clients) },
    { label: t.sponsoredClients, value: formatCount(totals.sponsored_clients) },
    { label: t.purchases, value: formatCount(totals.purchases) },
    { label: t.gross, value: formatMoney(totals.gross) },
    { label: t.discounts, value: formatMoney(totals.discounts) },
    { label: t.net, value: formatMoney(totals.net) },
    { label: t.availableCredit, value: formatMoney(totals.available_credit) },
    { label: t.adjustmentsGiven, value: formatMoney(adjustments.given) },
    { label: t.adjustmentsRemoved, value: formatMoney(adjustments.removed) },
  ];
  return (
    <section aria-labelledby="statistics-totals" className="grid gap-3">
      <h2 id="statistics-totals" className="font-display text-xl font-semibold">
        {t.totals}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((tile) => (
          <div
            key={tile.label}
            className="grid content-start gap-1 rounded-2xl border border-border bg-card p-4 shadow-sm"
          >
            <dt className="text-sm text-muted-foreground">{tile.label}</dt>
            <dd className="text-lg font-semibold tabular-nums sm:text-xl">{tile.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Revenue({ revenue }: { revenue: Statistics['revenue'] }) {
  const values = [revenue.unsponsored, revenue.generation1, revenue.generation2, revenue.generation3];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.revenue}</CardTitle>
        <p className="text-sm text-muted-foreground">{t.revenueLead}</p>
      </CardHeader>
      <CardContent>
        <BarList
          bars={values.map((value, level) => ({
            key: String(level),
            label: t.generations[level]!,
            display: formatMoney(value),
            value,
            swatch: generationSwatch[level],
          }))}
        />
      </CardContent>
    </Card>
  );
}

function Ranking({
  title,
  rows,
  value,
  display,
}: {
  title: string;
  rows: readonly ClientStatistics[];
  value: (row: ClientStatistics) => number;
  display: (row: ClientStatistics) => string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-muted-foreground">{t.emptyRanking}</p>
        ) : (
          <BarList
            bars={rows.map((row, index) => ({
              key: row.code,
              label: `${index + 1}. ${row.name}`,
              detail: row.code,
              display: display(row),
              value: value(row),
            }))}
          />
        )}
      </CardContent>
    </Card>
  );
}

function Detail() {
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
        {(data) => <DetailTable rows={data.clients} columns={columns} />}
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

function DetailTable({ rows, columns }: { rows: readonly ClientStatistics[]; columns: DetailColumn[] }) {
  return (
    // Wider than a phone: the table scrolls sideways, and can be scrolled with the keyboard.
    <div
      role="region"
      aria-label={t.detailScroll}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-border bg-card shadow-sm focus-visible:outline-2 focus-visible:outline-ring"
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

/** /dashboard/statistiche: totals, revenue by generation, the three top-5 rankings and the per-client detail. */
export function StatisticsScreen() {
  const statistics = useStatistics();
  return (
    <section className="grid gap-8">
      <PageHeading>{t.title}</PageHeading>
      <QueryView
        query={statistics}
        pending={<Skeleton className="h-96" />}
        isEmpty={(data) => data.totals.clients === 0}
        empty={merchantLoyaltyTexts.clienti.empty}
      >
        {(data) => (
          <>
            <Totals totals={data.totals} adjustments={data.adjustments} />
            <Revenue revenue={data.revenue} />
            <section aria-labelledby="statistics-rankings" className="grid gap-3">
              <h2 id="statistics-rankings" className="font-display text-xl font-semibold">
                {t.rankings}
              </h2>
              <div className="grid gap-4 md:grid-cols-2">
                <Ranking
                  title={t.topByPurchases}
                  rows={data.top_by_purchases}
                  value={(row) => row.total_purchases}
                  display={(row) => formatMoney(row.total_purchases)}
                />
                <Ranking
                  title={t.topByFirstGeneration}
                  rows={data.top_by_first_generation}
                  value={(row) => row.generation1_count}
                  display={(row) =>
                    plural(row.generation1_count, t.referrals, formatCount(row.generation1_count))
                  }
                />
                <Ranking
                  title={t.topByFirstGenerationRevenue}
                  rows={data.top_by_first_generation_revenue}
                  value={(row) => row.generation1_revenue}
                  display={(row) => formatMoney(row.generation1_revenue)}
                />
              </div>
            </section>
            <Detail />
          </>
        )}
      </QueryView>
    </section>
  );
}
