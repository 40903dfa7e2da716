import { generationSwatch } from '@/components/client-tree/generation-style';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Statistics } from '@/features/merchant-loyalty/api/get-statistics';
import { BarLegend } from '@/features/merchant-loyalty/components/statistics-screen/bar-legend';
import { BarList } from '@/features/merchant-loyalty/components/statistics-screen/bar-list';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { formatMoney } from '@/lib/format';

const t = merchantLoyaltyTexts.statistiche;

/** The revenue split by generation, as bars in the tree's colours. */
export function RevenueByGeneration({ revenue }: { revenue: Statistics['revenue'] }) {
  const values = [revenue.unsponsored, revenue.generation1, revenue.generation2, revenue.generation3];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.revenue}</CardTitle>
        <p className="text-sm text-muted-foreground">{t.revenueLead}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <BarLegend
          entries={t.generations.map((label, level) => ({ label, swatch: generationSwatch[level]! }))}
          note={t.generationLegendNote}
        />
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
