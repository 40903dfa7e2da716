import { useEffect } from 'react';
import { LazyClientTreeView } from '@/components/client-tree/lazy-client-tree-view';
import { QueryView } from '@/components/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { useClientTree } from '@/features/admin/api/get-client-tree';
import { ClientErasure } from '@/features/admin/components/client-erasure';
import { adminTexts } from '@/features/admin/texts';
import { fill } from '@/lib/texts';

const t = adminTexts.albero;

/** The chosen merchant's client tree, loaded for the admin; the tree opens with the root expanded (spec §4). */
export function AdminClientTree({
  merchantSlug,
  merchantName,
}: {
  merchantSlug: string;
  merchantName: string;
}) {
  const clients = useClientTree(merchantSlug);

  useEffect(() => {
    if (clients.error) console.error(adminTexts.logs.fetchTree, clients.error);
  }, [clients.error]);

  return (
    <QueryView
      query={clients}
      pending={<Skeleton className="h-96" />}
      errorText={t.loadError}
      empty={t.empty}
    >
      {(data) => (
        <div className="grid gap-6">
          <LazyClientTreeView
            clients={data}
            title={fill(t.treeLabel, { name: merchantName })}
            initialDepth={1}
          />
          <ClientErasure merchantSlug={merchantSlug} clients={data} />
        </div>
      )}
    </QueryView>
  );
}
