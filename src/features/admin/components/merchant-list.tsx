import { useEffect } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMerchants } from '@/features/admin/api/list-merchants';
import { MerchantCard } from '@/features/admin/components/merchant-card';
import { adminTexts } from '@/features/admin/texts';
import { failureText } from '@/lib/api-error';
import { plural } from '@/lib/texts';

const t = adminTexts.merchants;

/** 'Elenco Commercianti', newest first. */
export function MerchantList() {
  const merchants = useMerchants();

  useEffect(() => {
    if (merchants.error) console.error(adminTexts.logs.fetchMerchants, merchants.error);
  }, [merchants.error]);

  return (
    <section aria-labelledby="merchant-list-title" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="merchant-list-title" className="text-2xl font-semibold">
          {t.list}
        </h2>
        {merchants.data && merchants.data.length > 0 ? (
          <p className="text-muted-foreground">{plural(merchants.data.length, t.count)}</p>
        ) : null}
      </div>
      {merchants.isPending ? (
        <div className="grid gap-4">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      ) : merchants.error ? (
        <div
          role="alert"
          className="grid justify-items-start gap-3 rounded-2xl border border-destructive p-4"
        >
          <p>{failureText(t.loadError, merchants.error)}</p>
          <Button variant="outline" onClick={() => void merchants.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : merchants.data.length === 0 ? (
        <EmptyState>{t.empty}</EmptyState>
      ) : (
        <ul className="grid gap-4">
          {merchants.data.map((merchant) => (
            <li key={merchant.id}>
              <MerchantCard merchant={merchant} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
