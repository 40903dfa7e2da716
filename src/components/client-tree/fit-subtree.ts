export interface Point {
  x: number;
  y: number;
}

interface TreeView {
  translate: Point;
  zoom: number;
}

/** The smallest zoom used to fit a subtree (spec §9 allows 0.1; below this names become unreadable). */
export const minimumFitZoom = 0.35;
const padding = 12;

/**
 * The pan and zoom that bring an opened node and its children (positions in the tree's own
 * coordinates) inside a frame of `width` × `height`: each node's label reaches `labelWidth` to its
 * right and `halfHeight` above and below. Never zooms in beyond 1; when the children are too many to
 * fit at the smallest zoom, the top of the subtree is shown and the rest is a vertical pan away.
 */
export function fitSubtree(
  points: readonly Point[],
  frame: { width: number; height: number },
  node: { radius: number; labelWidth: number; halfHeight: number },
): TreeView | null {
  if (points.length === 0) return null;
  const left = Math.min(...points.map((point) => point.x)) - node.radius - 4;
  const right = Math.max(...points.map((point) => point.x)) + node.labelWidth;
  const top = Math.min(...points.map((point) => point.y)) - node.halfHeight;
  const bottom = Math.max(...points.map((point) => point.y)) + node.halfHeight;
  const room = { width: frame.width - 2 * padding, height: frame.height - 2 * padding };
  const zoom = Math.max(
    minimumFitZoom,
    Math.min(1, room.width / (right - left), room.height / (bottom - top)),
  );
  const x = padding + Math.max(0, (room.width - (right - left) * zoom) / 2) - left * zoom;
  const tallerThanFrame = (bottom - top) * zoom > room.height;
  const y = tallerThanFrame
    ? padding - top * zoom
    : padding + (room.height - (bottom - top) * zoom) / 2 - top * zoom;
  return { translate: { x: Math.round(x), y: Math.round(y) }, zoom: Math.round(zoom * 1000) / 1000 };
}

/** The position react-d3-tree gave a node: its group's `translate(x,y)`. */
export function translateOf(transform: string | null | undefined): Point | null {
  const match = /translate\(\s*(-?[\d.]+)[ ,]+(-?[\d.]+)\s*\)/.exec(transform ?? '');
  return match ? { x: Number(match[1]), y: Number(match[2]) } : null;
}
