import type { KeyboardEvent, SyntheticEvent } from 'react';
import type { CustomNodeElementProps } from 'react-d3-tree';
import { generationLevel, type ClientNodeAttributes } from '@/components/client-tree/client-hierarchy';
import { formatCount } from '@/lib/format';
import { clientTreeTexts as t } from '@/components/client-tree/client-tree-texts';
import { generationFill, rootFill } from '@/components/client-tree/generation-style';
import { cx } from 'class-variance-authority';
import { fill, plural } from '@/lib/texts';

export const nodeRadius = 14;

/** A painted name cut with '…' to the room before the next generation (the spoken label keeps it whole). */
export function fittedName(name: string, labelWidth: number): string {
  // About 7.5 px a character at text-sm semibold.
  const room = Math.max(6, Math.floor((labelWidth - nodeRadius - 12) / 7.5));
  return name.length > room ? `${name.slice(0, room - 1).trimEnd()}…` : name;
}

/** The label a screen reader gives a node: who, which code, which level, how many below. */
export function nodeLabel(name: string, attributes: ClientNodeAttributes): string {
  if (attributes.generation < 0)
    return `${name}, ${plural(attributes.descendants, t.count, formatCount(attributes.descendants))}`;
  const base = fill(t.nodeLabel, {
    name,
    code: attributes.code,
    generation: t.generations[generationLevel(attributes.generation)],
  });
  return attributes.referrals > 0
    ? `${base}, ${plural(attributes.referrals, t.childrenCount, formatCount(attributes.referrals))}`
    : base;
}

/**
 * A client in the tree: a dot in its generation's colour, the name, and the code with the number of
 * referrals. A client with referrals is a button that opens and closes them (click, Enter or Space).
 */
export function ClientTreeNode({
  nodeDatum,
  onNodeClick,
  onToggle,
  labelWidth,
}: Pick<CustomNodeElementProps, 'nodeDatum' | 'onNodeClick'> & {
  onToggle: (id: string) => void;
  /** The room up to the next generation: the node's click target spans it. */
  labelWidth: number;
}) {
  const attributes = nodeDatum.attributes as ClientNodeAttributes;
  const isRoot = attributes.generation < 0;
  const canToggle = attributes.referrals > 0;
  // react-d3-tree's own click handler centres the node once the tree is laid out again.
  const toggle = (event: SyntheticEvent) => {
    onToggle(attributes.id);
    onNodeClick(event);
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(event);
    }
  };
  const detail = isRoot
    ? plural(attributes.descendants, t.count, formatCount(attributes.descendants))
    : canToggle
      ? `${attributes.code} · ${plural(attributes.referrals, t.childrenCount, formatCount(attributes.referrals))}`
      : attributes.code;

  // The painted texts sit beside the labelled node rather than inside it: its spoken label says more
  // than they show (label-in-name), and with no pointer events a click on them reaches the node below.
  return (
    <g data-node-id={attributes.id} data-parent-id={attributes.parentId}>
      <g
        role={canToggle ? 'button' : 'img'}
        tabIndex={canToggle ? 0 : undefined}
        aria-expanded={canToggle ? attributes.expanded : undefined}
        aria-label={nodeLabel(nodeDatum.name, attributes)}
        onClick={canToggle ? toggle : undefined}
        onKeyDown={canToggle ? onKeyDown : undefined}
        className={cx('group outline-none', canToggle ? 'cursor-pointer' : 'cursor-default')}
      >
        {/* The whole label is the target, not only the painted dot and letters. */}
        <rect
          x={-nodeRadius - 4}
          y={-nodeRadius - 6}
          width={labelWidth}
          height={nodeRadius * 2 + 12}
          rx={8}
          className="fill-transparent stroke-none"
        />
        <circle
          r={nodeRadius}
          strokeWidth={3}
          className={cx(
            isRoot ? rootFill : generationFill[generationLevel(attributes.generation)],
            'stroke-card group-focus-visible:stroke-ring group-focus-visible:[stroke-width:5]',
          )}
        />
      </g>
      {canToggle ? (
        <text
          aria-hidden="true"
          textAnchor="middle"
          dy="0.35em"
          className="pointer-events-none fill-card stroke-none text-lg font-bold select-none"
        >
          {attributes.expanded ? '−' : '+'}
        </text>
      ) : null}
      <text
        aria-hidden="true"
        x={nodeRadius + 8}
        dy="-0.2em"
        className="pointer-events-none fill-foreground stroke-card text-sm font-semibold [paint-order:stroke] [stroke-linejoin:round] [stroke-width:5px]"
      >
        {fittedName(nodeDatum.name, labelWidth)}
      </text>
      <text
        aria-hidden="true"
        x={nodeRadius + 8}
        dy="1.1em"
        className="pointer-events-none fill-muted-foreground stroke-card text-xs [paint-order:stroke] [stroke-linejoin:round] [stroke-width:5px]"
      >
        {detail}
      </text>
    </g>
  );
}
