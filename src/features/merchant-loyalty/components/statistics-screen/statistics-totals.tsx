import type { Statistics } from '@/features/merchant-loyalty/api/get-statistics';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { formatCount, formatMoney } from '@/lib/format';

const t = merchantLoyaltyTexts.statistiche;

/**
 * The salon's totals as tiles: clients, purchases, money, the credit still to spend, the credit it
 * added and removed by hand and the rewards for friends' first visits.
 */
export function StatisticsTotals({
  totals,
  adjustments,
  firstVisitRewards,
}: {
  totals: Statistics['totals'];
  adjustments: Statistics['adjustments'];
  firstVisitRewards: Statistics['first_visit_rewards'];
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
    { label: t.firstVisitRewards, value: formatMoney(firstVisitRewards.given) },
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
