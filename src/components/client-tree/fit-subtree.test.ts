import { describe, expect, it } from 'vitest';
import { fitSubtree, minimumFitZoom, translateOf } from '@/components/client-tree/fit-subtree';

const node = { radius: 14, labelWidth: 166, halfHeight: 30 };
const phoneFrame = { width: 356, height: 448 };

/** Where a point lands on screen under a view. */
const onScreen = (view: { translate: { x: number; y: number }; zoom: number }, x: number, y: number) => ({
  x: view.translate.x + x * view.zoom,
  y: view.translate.y + y * view.zoom,
});

describe('fitSubtree', () => {
  it('keeps an opened node and its children, labels included, inside a phone frame', () => {
    // A node at depth 3 (x = 570) with three children one generation to the right (x = 760).
    const points = [
      { x: 570, y: 120 },
      { x: 760, y: 60 },
      { x: 760, y: 120 },
      { x: 760, y: 180 },
    ];
    const view = fitSubtree(points, phoneFrame, node)!;
    const leftmost = onScreen(view, 570 - node.radius, 120);
    const rightmost = onScreen(view, 760 + node.labelWidth, 180);
    expect(leftmost.x).toBeGreaterThanOrEqual(0);
    expect(rightmost.x).toBeLessThanOrEqual(phoneFrame.width);
    expect(onScreen(view, 760, 60 - node.halfHeight).y).toBeGreaterThanOrEqual(0);
    expect(onScreen(view, 760, 180 + node.halfHeight).y).toBeLessThanOrEqual(phoneFrame.height);
    expect(view.zoom).toBeLessThanOrEqual(1);
  });

  it('never zooms in, and shows the top of a subtree too tall for the frame', () => {
    expect(fitSubtree([{ x: 0, y: 0 }], { width: 1000, height: 1000 }, node)!.zoom).toBe(1);
    const many = Array.from({ length: 40 }, (_, index) => ({ x: 190, y: index * 60 }));
    const view = fitSubtree([{ x: 0, y: 1170 }, ...many], phoneFrame, node)!;
    expect(view.zoom).toBe(minimumFitZoom);
    expect(onScreen(view, 190, -node.halfHeight).y).toBeGreaterThanOrEqual(0);
    expect(onScreen(view, 190 + node.labelWidth, 0).x).toBeLessThanOrEqual(phoneFrame.width);
  });

  it('reads react-d3-tree positions', () => {
    expect(translateOf('translate(190,-60)')).toEqual({ x: 190, y: -60 });
    expect(translateOf('translate(12.5, 7)')).toEqual({ x: 12.5, y: 7 });
    expect(translateOf(null)).toBeNull();
  });
});
