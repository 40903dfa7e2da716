import { useEffect } from 'react';
import { PageHeading } from '@/components/layouts/page-heading';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { useCampaignSummaries } from '@/features/admin/api/get-campaign-summaries';
import { CampaignSummaryCard } from '@/features/admin/components/campaign-summary-card';
import { adminTexts } from '@/features/admin/texts';

const t = adminTexts.riepilogo;

/** /admin/riepilogo: 'Riepilogo Campagne', one collapsible card per merchant, from one query. */
export function AdminSummaryScreen() {
  const summaries = useCampaignSummaries();

  useEffect(() => {
    if (summaries.error) console.error(adminTexts.logs.fetchSummaries, summaries.error);
  }, [summaries.error]);

  return (
    <div className="grid gap-6">
      <PageHeading lead={t.lead}>{t.title}</PageHeading>
      <QueryView
        query={summaries}
        pending={<LoadingBlocks count={2} className="h-20" />}
        errorText={t.loadError}
        empty={t.empty}
      >
        {(data) => (
          <ul className="grid gap-4">
            {data.map((summary) => (
              <li key={summary.merchant_id}>
                <CampaignSummaryCard summary={summary} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
