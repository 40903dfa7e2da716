import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { ClientStatistics } from '@/features/merchant-loyalty/api/get-statistics';
import { BarList } from '@/features/merchant-loyalty/components/statistics-screen/bar-list';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';

const t = merchantLoyaltyTexts.statistiche;

/** One top-5 of clients, as bars: by the value it ranks, shown as `display` writes it. */
export function TopClientsRanking({
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
