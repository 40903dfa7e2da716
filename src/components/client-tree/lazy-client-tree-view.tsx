import { lazy, Suspense, type ComponentProps } from 'react';
import type { ClientTreeView as Eager } from '@/components/client-tree/client-tree-view';
import { texts } from '@/lib/texts';

const ClientTreeView = lazy(() =>
  import('@/components/client-tree/client-tree-view').then((module) => ({
    default: module.ClientTreeView,
  })),
);

/** The client tree, whose code (react-d3-tree, d3) is downloaded when a Struttura first shows it. */
export function LazyClientTreeView(props: ComponentProps<typeof Eager>) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-muted-foreground">
          {texts.app.loading}
        </p>
      }
    >
      <ClientTreeView {...props} />
    </Suspense>
  );
}
