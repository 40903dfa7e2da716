import { useEffect } from 'react';
import { LazyClientTreeView } from '@/components/client-tree/lazy-client-tree-view';
import { EmptyState } from '@/components/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useClientTree } from '@/features/admin/api/get-client-tree';
import { ClientErasure } from '@/features/admin/components/client-erasure';
import { adminTexts } from '@/features/admin/texts';
import { failureText } from '@/lib/api-error';
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

  if (clients.isPending) return <Skeleton className="h-96" />;
  if (clients.error) {
    return (
      <p role="alert" className="rounded-2xl border border-destructive p-4">
        {failureText(t.loadError, clients.error)}
      </p>
    );
  }
  if (clients.data.length === 0) return <EmptyState>{t.empty}</EmptyState>;
  return (
    <div className="grid gap-6">
      <LazyClientTreeView
        clients={clients.data}
        title={fill(t.treeLabel, { name: merchantName })}
        initialDepth={1}
      />
      <ClientErasure clients={clients.data} />
    </div>
  );
}
