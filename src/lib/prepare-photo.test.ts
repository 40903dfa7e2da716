import { describe, expect, it } from 'vitest';
import { fitWithin, maxPhotoSide } from '@/lib/prepare-photo';

describe('fitWithin', () => {
  it.each([
    { source: [4032, 3024], fitted: [512, 384] },
    { source: [3024, 4032], fitted: [384, 512] },
    { source: [1000, 1000], fitted: [512, 512] },
    { source: [513, 200], fitted: [512, 200] },
    { source: [6000, 10], fitted: [512, 1] },
    { source: [10, 6000], fitted: [1, 512] },
  ])('scales $source down to $fitted, keeping the proportions', ({ source, fitted }) => {
    const [width, height] = source as [number, number];
    const result = fitWithin(width, height);
    expect([result.width, result.height]).toEqual(fitted);
    expect(Math.max(result.width, result.height)).toBeLessThanOrEqual(maxPhotoSide);
  });

  it.each([
    [24, 24],
    [512, 300],
    [200, 512],
  ])('never enlarges a %i × %i photo that already fits', (width, height) => {
    expect(fitWithin(width, height)).toEqual({ width, height });
  });

  it('takes another bound', () => {
    expect(fitWithin(800, 600, 100)).toEqual({ width: 100, height: 75 });
  });
});
