import { PageHeading } from '@/components/layouts/page-heading';
import { QueryView } from '@/components/query-view';
import { Card } from '@/components/ui/card';
import { useClientTree } from '@/features/client-loyalty/api/get-client-tree';
import {
  generationBadge,
  generationBorder,
  generationIndex,
} from '@/features/client-loyalty/generation-style';
import type { ClientMembership } from '@/features/client-loyalty/membership';
import {
  buildReferralTree,
  countByGeneration,
  type ReferralNode,
} from '@/features/client-loyalty/referral-tree';
import { clientLoyaltyTexts } from '@/features/client-loyalty/texts';
import { fill } from '@/lib/texts';
import { cx } from 'class-variance-authority';

const t = clientLoyaltyTexts.struttura;

/** /client/struttura 'Struttura': the three generations below the customer, short names and codes only. */
export function ReferralTreeScreen({ membership }: { membership: ClientMembership }) {
  const tree = useClientTree(membership.merchantSlug);
  return (
    <section className="grid gap-6">
      <PageHeading lead={t.lead}>{t.title}</PageHeading>
      <QueryView query={tree} empty={t.empty}>
        {(data) => (
          <>
            <Legend counts={countByGeneration(data)} />
            <Card className="p-4">
              <ul aria-label={t.treeLabel} className="grid gap-2">
                {buildReferralTree(data).map((node) => (
                  <TreeNode key={node.id} node={node} />
                ))}
              </ul>
            </Card>
          </>
        )}
      </QueryView>
    </section>
  );
}

function GenerationBadge({ generation }: { generation: number }) {
  return (
    <span
      className={cx(
        'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        generationBadge[generationIndex(generation)],
      )}
    >
      {fill(t.generationShort, { n: generation })}
    </span>
  );
}

function Legend({ counts }: { counts: [number, number, number] }) {
  return (
    <section aria-labelledby="tree-legend" className="grid gap-2">
      <h2 id="tree-legend" className="font-sans text-base font-semibold">
        {t.legendTitle}
      </h2>
      <ul className="flex flex-wrap gap-x-5 gap-y-2">
        {counts.map((count, index) => (
          <li key={index} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cx('size-4 rounded-full', generationBadge[generationIndex(index + 1)])}
            />
            {fill(t.generationCount, { n: index + 1, count })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TreeNode({ node }: { node: ReferralNode }) {
  return (
    <li>
      <div
        className={cx(
          'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-l-4 border-border bg-card px-3 py-2',
          generationBorder[generationIndex(node.generation)],
        )}
      >
        <GenerationBadge generation={node.generation} />
        <span className="font-medium">{node.display_name}</span>
        <span className="font-mono text-sm text-muted-foreground">{node.code}</span>
      </div>
      {node.children.length > 0 ? (
        <ul
          aria-label={fill(t.presentedBy, { name: node.display_name })}
          className="mt-2 ml-3 grid gap-2 border-l border-dashed border-border-strong pl-3 sm:ml-6 sm:pl-4"
        >
          {node.children.map((child) => (
            <TreeNode key={child.id} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
