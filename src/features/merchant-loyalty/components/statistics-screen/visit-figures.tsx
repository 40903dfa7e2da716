import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Statistics } from '@/features/merchant-loyalty/api/get-statistics';
import { BarLegend } from '@/features/merchant-loyalty/components/statistics-screen/bar-legend';
import { BarList } from '@/features/merchant-loyalty/components/statistics-screen/bar-list';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { formatCount, formatMoney } from '@/lib/format';

const t = merchantLoyaltyTexts.statistiche;

const percent = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 1 });

const origins = [
  { key: 'visits', label: t.origins.visits, swatch: 'bg-primary' },
  { key: 'walk_ins', label: t.origins.walkIns, swatch: 'bg-muted-foreground' },
] as const;

/** Completed visits, no-shows and their rate, and the net revenue of visits and walk-ins as bars. */
export function VisitFigures({
  visits,
  revenueByOrigin,
}: {
  visits: Statistics['visits'];
  revenueByOrigin: Statistics['revenue_by_origin'];
}) {
  const tiles = [
    { label: t.completedVisits, value: formatCount(visits.completed) },
    { label: t.noShows, value: formatCount(visits.no_shows) },
    {
      label: t.noShowRate,
      value: visits.no_show_rate === null ? t.noRate : percent.format(visits.no_show_rate),
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.visits}</CardTitle>
        <p className="text-sm text-muted-foreground">{t.visitsLead}</p>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {tiles.map((tile) => (
            <div key={tile.label} className="grid content-start gap-1 rounded-2xl border border-border p-4">
              <dt className="text-sm text-muted-foreground">{tile.label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{tile.value}</dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-3">
          <h3 className="font-semibold">{t.revenueByOrigin}</h3>
          <BarLegend entries={origins} />
          <BarList
            bars={origins.map((origin) => ({
              key: origin.key,
              label: origin.label,
              display: formatMoney(revenueByOrigin[origin.key]),
              value: revenueByOrigin[origin.key],
              swatch: origin.swatch,
            }))}
          />
        </div>
      </CardContent>
    </Card>
  );
}
