import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { getDailySummary } from '@/features/merchant-loyalty/api/get-daily-summary';
import { dailySummaryCsv, summaryPeriod } from '@/features/merchant-loyalty/daily-summary-csv';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { failureText } from '@/lib/api-error';
import { downloadText } from '@/lib/download-text';
import { todayInRome } from '@/lib/format';

const t = merchantLoyaltyTexts.movimenti;

/** "Riepilogo giornaliero": the accountant's CSV, one line a day, for the filter's dates or this month. */
export function DailySummaryButton({
  filter,
}: {
  filter: { dateFrom: string | null; dateTo: string | null };
}) {
  const [exporting, setExporting] = useState(false);
  const exportSummary = async () => {
    setExporting(true);
    try {
      const { dateFrom, dateTo } = summaryPeriod(filter, todayInRome());
      downloadText(
        dailySummaryCsv(await getDailySummary(dateFrom, dateTo)),
        `riepilogo_${dateFrom}_${dateTo}.csv`,
        'text/csv;charset=utf-8',
      );
    } catch (error) {
      notify.error(failureText(t.dailySummaryError, error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void exportSummary()} disabled={exporting}>
      <FileSpreadsheet aria-hidden="true" />
      {exporting ? t.exporting : t.dailySummary}
    </Button>
  );
}
