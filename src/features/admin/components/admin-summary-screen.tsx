import { useEffect } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/layouts/page-heading';
import { Skeleton } from '@/components/ui/skeleton';
import { useCampaignSummaries } from '@/features/admin/api/get-campaign-summaries';
import { CampaignSummaryCard } from '@/features/admin/components/campaign-summary-card';
import { adminTexts } from '@/features/admin/texts';
import { failureText } from '@/lib/api-error';

const t = adminTexts.riepilogo;

/** /admin/riepilogo: 'Riepilogo Campagne', one collapsible card per merchant, from one query. */
export function AdminSummaryScreen() {
  const summaries = useCampaignSummaries();

  useEffect(() => {
    if (summaries.error) console.error(adminTexts.logs.fetchSummaries, summaries.error);
  }, [summaries.error]);

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <PageHeading>{t.title}</PageHeading>
        <p className="text-muted-foreground">{t.lead}</p>
      </div>
      {summaries.isPending ? (
        <div className="grid gap-4">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : summaries.error ? (
        <p role="alert" className="rounded-2xl border border-destructive p-4">
          {failureText(t.loadError, summaries.error)}
        </p>
      ) : summaries.data.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ul className="grid gap-4">
          {summaries.data.map((summary) => (
            <li key={summary.merchant_id}>
              <CampaignSummaryCard summary={summary} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
