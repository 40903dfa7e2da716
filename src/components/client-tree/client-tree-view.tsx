import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
import { ClientTreeNode, nodeRadius } from '@/components/client-tree/client-tree-node';
import { fitSubtree, translateOf, type Point } from '@/components/client-tree/fit-subtree';
import { formatCount } from '@/lib/format';
import { clientTreeTexts as t } from '@/components/client-tree/client-tree-texts';
import { generationSwatch, rootSwatch } from '@/components/client-tree/generation-style';
import { plural } from '@/lib/texts';
import { cx } from 'class-variance-authority';

/** Spec §9: zoom 0.1 to 2. */
const scaleExtent = { min: 0.1, max: 2 };
/** Room per generation (x) and per sibling (y); narrower on a phone so two generations fit the frame. */
const wideNodeSize = { x: 250, y: 60 };
const compactNodeSize = { x: 190, y: 60 };
const separation = { siblings: 1, nonSiblings: 1.3 };
/** Below this frame width an opened node is fitted into the frame with its children, not centred. */
const narrowFrame = 600;

/** The tree positions of node `id` and of the children drawn under it, read from the SVG. */
function subtreePoints(frame: HTMLElement, id: string): Point[] {
  const selector = `[data-node-id="${CSS.escape(id)}"], [data-parent-id="${CSS.escape(id)}"]`;
  return [...frame.querySelectorAll(selector)]
    .map((element) => translateOf(element.parentElement?.getAttribute('transform')))
    .filter((point): point is Point => point !== null);
}

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
            <span aria-hidden="true" className={cx('size-3.5 rounded-full', swatch)} />
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
    zoom: 1,
    nodeSize: wideNodeSize,
    dimensions: { width: 800, height: 400 },
    measured: false,
  });
  const frameRef = useRef<HTMLDivElement | null>(null);
  // On a narrow frame: the node whose subtree must be brought into the frame once it is drawn.
  const fitTarget = useRef<string | null>(null);
  const narrow = layout.dimensions.width < narrowFrame;
  const measureFrame = useCallback(
    (frame: HTMLDivElement | null) => {
      frameRef.current = frame;
      if (!frame) return;
      if (frame.clientWidth < narrowFrame && initialDepth > 0) fitTarget.current = rootNodeId;
      setLayout({
        translate: { x: 32, y: Math.round(frame.clientHeight / 2) },
        zoom: 1,
        nodeSize: frame.clientWidth < narrowFrame ? compactNodeSize : wideNodeSize,
        dimensions: { width: frame.clientWidth, height: frame.clientHeight },
        measured: true,
      });
    },
    [initialDepth],
  );

  // Once the tree is drawn with the opened node's children, pan and zoom so they all fit the frame.
  useLayoutEffect(() => {
    const id = fitTarget.current;
    if (!id || !frameRef.current || !layout.measured) return;
    fitTarget.current = null;
    const view = fitSubtree(subtreePoints(frameRef.current, id), layout.dimensions, {
      radius: nodeRadius,
      labelWidth: layout.nodeSize.x - 24,
      halfHeight: layout.nodeSize.y / 2,
    });
    if (view) setLayout((current) => ({ ...current, ...view }));
  }, [data, layout.measured, layout.dimensions, layout.nodeSize]);

  const onToggle = useCallback(
    (id: string) => {
      if (narrow) fitTarget.current = id;
      setExpanded((current) => toggleExpanded(hierarchy, current, id));
    },
    [hierarchy, narrow],
  );
  const renderNode = useCallback(
    ({ nodeDatum, onNodeClick }: CustomNodeElementProps) => (
      <ClientTreeNode
        nodeDatum={nodeDatum}
        // A wide frame centres the clicked node (react-d3-tree); a narrow one fits its subtree instead.
        onNodeClick={narrow ? () => undefined : onNodeClick}
        onToggle={onToggle}
        labelWidth={layout.nodeSize.x - 24}
      />
    ),
    [onToggle, layout.nodeSize.x, narrow],
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
          zoom={layout.zoom}
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
