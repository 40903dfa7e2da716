import { ChevronDown } from 'lucide-react';
import { LazyClientTreeView } from '@/components/client-tree/lazy-client-tree-view';
import { PageHeading } from '@/components/layouts/page-heading';
import { QueryView } from '@/components/query-view';
import { Card } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Skeleton } from '@/components/ui/skeleton';
import { useClientTree } from '@/features/merchant-loyalty/api/get-client-tree';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';

const t = merchantLoyaltyTexts.struttura;

/** Loaded once the section is opened: the whole list, drawn from the root down as the merchant opens nodes. */
function MerchantClientTree() {
  const clients = useClientTree();
  return (
    <QueryView
      query={clients}
      pending={<Skeleton className="h-96" />}
      errorText={t.loadError}
      empty={t.empty}
    >
      {/* Spec §4: the merchant's tree starts collapsed below depth 0. */}
      {(data) => <LazyClientTreeView clients={data} title={t.treeTitle} initialDepth={0} />}
    </QueryView>
  );
}

/** /dashboard/struttura: the full client tree under 'Apri Struttura', closed by default. */
export function StructureScreen() {
  return (
    <section className="grid gap-6">
      <PageHeading lead={t.lead}>{t.title}</PageHeading>
      <Card className="p-2">
        <Collapsible>
          <CollapsibleTrigger className="px-4 text-lg">
            {t.open}
            <ChevronDown aria-hidden="true" className="size-5" />
          </CollapsibleTrigger>
          <CollapsibleContent className="px-2 pt-2 pb-4 sm:px-4">
            <MerchantClientTree />
          </CollapsibleContent>
        </Collapsible>
      </Card>
    </section>
  );
}
