import { QueryView } from '@/components/query-view';
import { PageHeading } from '@/components/layouts/page-heading';
import { Skeleton } from '@/components/ui/skeleton';
import { useStatistics } from '@/features/merchant-loyalty/api/get-statistics';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { formatCount, formatMoney } from '@/lib/format';
import { plural } from '@/lib/texts';
import { StatisticsTotals } from '@/features/merchant-loyalty/components/statistics-screen/statistics-totals';
import { RevenueByGeneration } from '@/features/merchant-loyalty/components/statistics-screen/revenue-by-generation';
import { VisitFigures } from '@/features/merchant-loyalty/components/statistics-screen/visit-figures';
import { TopClientsRanking } from '@/features/merchant-loyalty/components/statistics-screen/top-clients-ranking';
import { ClientStatisticsDetail } from '@/features/merchant-loyalty/components/statistics-screen/client-statistics-detail';

const t = merchantLoyaltyTexts.statistiche;

/**
 * /dashboard/statistiche: totals, visits, revenue by origin and by generation, the three top-5 rankings
 * and the per-client detail.
 */
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
            <StatisticsTotals
              totals={data.totals}
              adjustments={data.adjustments}
              firstVisitRewards={data.first_visit_rewards}
            />
            <VisitFigures visits={data.visits} revenueByOrigin={data.revenue_by_origin} />
            <RevenueByGeneration revenue={data.revenue} />
            <section aria-labelledby="statistics-rankings" className="grid gap-3">
              <h2 id="statistics-rankings" className="font-display text-xl font-semibold">
                {t.rankings}
              </h2>
              <p className="text-sm text-muted-foreground">{t.rankingsLead}</p>
              <div className="grid gap-4 md:grid-cols-2">
                <TopClientsRanking
                  title={t.topByPurchases}
                  rows={data.top_by_purchases}
                  value={(row) => row.total_purchases}
                  display={(row) => formatMoney(row.total_purchases)}
                />
                <TopClientsRanking
                  title={t.topByFirstGeneration}
                  rows={data.top_by_first_generation}
                  value={(row) => row.generation1_count}
                  display={(row) =>
                    plural(row.generation1_count, t.referrals, formatCount(row.generation1_count))
                  }
                />
                <TopClientsRanking
                  title={t.topByFirstGenerationRevenue}
                  rows={data.top_by_first_generation_revenue}
                  value={(row) => row.generation1_revenue}
                  display={(row) => formatMoney(row.generation1_revenue)}
                />
              </div>
            </section>
            <ClientStatisticsDetail />
          </>
        )}
      </QueryView>
    </section>
  );
}
