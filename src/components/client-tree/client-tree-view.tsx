import { useCallback, useId, useMemo, useState } from 'react';
import Tree, { type CustomNodeElementProps } from 'react-d3-tree';
import {
  buildHierarchy,
  initialExpanded,
  rootNodeId,
  toggleExpanded,
  visibleTree,
  type InitialDepth,
  type TreeClient,
} from '@/components/client-tree/client-hierarchy';
import { ClientTreeNode } from '@/components/client-tree/client-tree-node';
import {
  clientTreeTexts as t,
  formatTreeCount as formatCount,
} from '@/components/client-tree/client-tree-texts';
import { generationSwatch, rootSwatch } from '@/components/client-tree/generation-style';
import { plural } from '@/lib/texts';
import { cn } from '@/lib/utils';

/** Spec §9: zoom 0.1 to 2. */
const scaleExtent = { min: 0.1, max: 2 };
/** Room per generation (x) and per sibling (y); narrower on a phone so two generations fit the frame. */
const wideNodeSize = { x: 250, y: 60 };
const compactNodeSize = { x: 190, y: 60 };
const separation = { siblings: 1, nonSiblings: 1.3 };

function Legend() {
  const entries = [
    { label: t.allClients, swatch: rootSwatch },
    ...t.generations.map((label, level) => ({ label, swatch: generationSwatch[level]! })),
  ];
  return (
    <div className="grid gap-2">
      <h3 className="font-sans text-sm font-semibold text-muted-foreground">{t.legend}</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {entries.map(({ label, swatch }) => (
          <li key={label} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn('size-3.5 rounded-full', swatch)} />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A merchant's whole client tree under 'Tutti i clienti'. The flat list becomes a hierarchy once
 * (O(n)); react-d3-tree only ever receives the root and the children of the nodes the user opened.
 * The caller loads the list and shows its own loading, error and empty states.
 */
export function ClientTreeView({
  clients,
  title,
  initialDepth = 1,
}: {
  clients: readonly TreeClient[];
  /** The section's heading, e.g. 'I clienti di Salone Aurora'. */
  title: string;
  /** 1 opens the root (admin), 0 shows the root alone (merchant, spec §4). */
  initialDepth?: InitialDepth;
}) {
  const titleId = useId();
  const hierarchy = useMemo(() => buildHierarchy(clients), [clients]);
  const [expanded, setExpanded] = useState(() => initialExpanded(initialDepth));
  const data = useMemo(() => visibleTree(hierarchy, expanded, t.allClients), [hierarchy, expanded]);
  const total = hierarchy.descendants.get(rootNodeId) ?? 0;

  // The root starts at the left, halfway down the frame, whatever the frame's height on this screen.
  const [layout, setLayout] = useState({
    translate: { x: 32, y: 200 },
    nodeSize: wideNodeSize,
    dimensions: { width: 800, height: 400 },
  });
  const measureFrame = useCallback((frame: HTMLDivElement | null) => {
    if (!frame) return;
    setLayout({
      translate: { x: 32, y: Math.round(frame.clientHeight / 2) },
      nodeSize: frame.clientWidth < 600 ? compactNodeSize : wideNodeSize,
      dimensions: { width: frame.clientWidth, height: frame.clientHeight },
    });
  }, []);

  const onToggle = useCallback(
    (id: string) => setExpanded((current) => toggleExpanded(hierarchy, current, id)),
    [hierarchy],
  );
  const renderNode = useCallback(
    ({ nodeDatum, onNodeClick }: CustomNodeElementProps) => (
      <ClientTreeNode
        nodeDatum={nodeDatum}
        onNodeClick={onNodeClick}
        onToggle={onToggle}
        labelWidth={layout.nodeSize.x - 24}
      />
    ),
    [onToggle, layout.nodeSize.x],
  );

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={titleId} className="text-2xl font-semibold">
          {title}
        </h2>
        <p className="text-muted-foreground">{plural(total, t.count, formatCount(total))}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Legend />
        <p className="text-sm text-muted-foreground">{t.help}</p>
      </div>
      <div
        ref={measureFrame}
        className="h-[28rem] overflow-hidden rounded-2xl border border-border bg-card shadow-sm sm:h-[36rem] [&_.rd3t-link]:stroke-border-strong"
      >
        <Tree
          data={data}
          orientation="horizontal"
          collapsible={false}
          translate={layout.translate}
          scaleExtent={scaleExtent}
          zoom={1}
          nodeSize={layout.nodeSize}
          dimensions={layout.dimensions}
          centeringTransitionDuration={400}
          separation={separation}
          pathFunc="step"
          renderCustomNodeElement={renderNode}
        />
      </div>
    </section>
  );
}
