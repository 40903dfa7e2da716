import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { useExportClientData } from '@/features/client-loyalty/api/export-client-data';
import { clientDataCsv, clientDataFileName } from '@/features/client-loyalty/client-data-csv';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { failureText } from '@/lib/api-error';
import { downloadText } from '@/lib/download-text';

const t = clientLoyaltyTexts.privacy;

/** 'Scarica i miei dati': everything the salon holds about the customer, as JSON or CSV. */
export function DataDownload({ merchantSlug }: { merchantSlug: string }) {
  const exportData = useExportClientData();
  const download = (format: 'json' | 'csv') =>
    exportData.mutate(merchantSlug, {
      onSuccess: (data) =>
        format === 'json'
          ? downloadText(
              JSON.stringify(data, null, 2),
              clientDataFileName(data, 'json'),
              'application/json;charset=utf-8',
            )
          : downloadText(clientDataCsv(data), clientDataFileName(data, 'csv'), 'text/csv;charset=utf-8'),
      onError: (error) => notify.error(failureText(t.downloadError, error)),
    });
  return (
    <section className="grid gap-2">
      <h3 className="text-lg font-semibold">{t.downloadTitle}</h3>
      <CardDescription>{t.downloadLead}</CardDescription>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={exportData.isPending} onClick={() => download('json')}>
          {t.downloadJson}
        </Button>
        <Button variant="outline" disabled={exportData.isPending} onClick={() => download('csv')}>
          {t.downloadCsv}
        </Button>
      </div>
    </section>
  );
}
