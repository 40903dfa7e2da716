import { useEffect } from 'react';
import { LoadingBlocks } from '@/components/loading-blocks';
import { QueryView } from '@/components/query-view';
import { useMerchants } from '@/features/admin/api/list-merchants';
import { MerchantCard } from '@/features/admin/components/merchant-card';
import { adminTexts } from '@/features/admin/texts';
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
      <QueryView
        query={merchants}
        pending={<LoadingBlocks count={2} className="h-56" />}
        errorText={t.loadError}
        empty={t.empty}
      >
        {(data) => (
          <ul className="grid gap-4">
            {data.map((merchant) => (
              <li key={merchant.id}>
                <MerchantCard merchant={merchant} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
