import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import { notify } from '@/components/ui/toaster';
import { useExportClientData } from '@/features/client-loyalty/api/export-client-data';
import { clientDataCsv, clientDataFileName } from '@/features/client-loyalty/client-data-csv';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { failureText } from '@/lib/api-error';
import { downloadText } from '@/lib/download-text';

const t = clientLoyaltyTexts.privacy;

type Format = 'csv' | 'json';

const formats: readonly { value: Format; label: string }[] = [
  { value: 'csv', label: t.downloadCsv },
  { value: 'json', label: t.downloadJson },
];

/** 'Scarica i miei dati': everything the salon holds about the customer, as a spreadsheet or, for another service, JSON. */
export function DataDownload({ merchantSlug }: { merchantSlug: string }) {
  const exportData = useExportClientData();
  const [format, setFormat] = useState<Format>('csv');
  const download = () =>
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
    <section className="grid gap-3">
      <h3 className="text-lg font-semibold">{t.downloadTitle}</h3>
      <CardDescription>{t.downloadLead}</CardDescription>
      <fieldset className="grid gap-1">
        <legend className="mb-1 font-medium">{t.downloadFormat}</legend>
        {formats.map((option) => (
          <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name="data-format"
              value={option.value}
              checked={format === option.value}
              onChange={() => setFormat(option.value)}
              className="size-5 shrink-0 accent-primary"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <Button className="w-fit" variant="outline" disabled={exportData.isPending} onClick={download}>
        {t.download}
      </Button>
    </section>
  );
}
