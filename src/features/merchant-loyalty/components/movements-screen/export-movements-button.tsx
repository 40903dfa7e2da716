import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toaster';
import { listAllMovements, type MovementsFilter } from '@/features/merchant-loyalty/api/list-movements';
import { movementsCsv, movementsCsvFileName } from '@/features/merchant-loyalty/movements-csv';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { failureText } from '@/lib/api-error';
import { downloadText } from '@/lib/download-text';

const t = merchantLoyaltyTexts.movimenti;

/** 'Esporta CSV': every movement within the filter, not only the page shown. */
export function ExportMovementsButton({ filter }: { filter: MovementsFilter }) {
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadText(
        movementsCsv(await listAllMovements(filter)),
        movementsCsvFileName(filter),
        'text/csv;charset=utf-8',
      );
    } catch (error) {
      notify.error(failureText(t.exportError, error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
      <Download aria-hidden="true" />
      {exporting ? t.exporting : t.export}
    </Button>
  );
}
