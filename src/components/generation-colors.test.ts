import { describe, expect, it } from 'vitest';
import { generationFill, generationSwatch } from '@/components/client-tree/generation-style';
import { generationColors, generationLevel } from '@/components/generation-colors';

describe('generation colours', () => {
  it("give each generation its own colour and 'senza sponsor' a neutral one", () => {
    const swatches = Object.values(generationColors).map((color) => color.swatch);
    expect(new Set(swatches).size).toBe(4);
    expect(generationColors.none.swatch).toBe('bg-generation-none');
  });

  it('mean the same generation on the trees and in Statistiche', () => {
    // The tree's legend and Statistiche list: no sponsor, 1st, 2nd, 3rd.
    expect(generationSwatch).toEqual([
      generationColors.none.swatch,
      generationColors[1].swatch,
      generationColors[2].swatch,
      generationColors[3].swatch,
    ]);
    expect(generationFill[1]).toBe(generationColors[1].fill);
  });

  it('put 3rd and deeper together and no sponsor apart', () => {
    expect([0, 1, 2, 3, 7].map(generationLevel)).toEqual(['none', 1, 2, 3, 3]);
  });
});
