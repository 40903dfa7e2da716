import { describe, expect, it } from 'vitest';
import { generationColors } from '@/components/generation-colors';
import { generationBadge, generationIndex } from '@/features/client-loyalty/generation-style';

describe("the customer's generation colours", () => {
  it("are the merchant's: 1ª, 2ª and 3ª look the same on both trees", () => {
    expect(generationBadge[generationIndex(1)]).toBe(generationColors[1].badge);
    expect(generationBadge[generationIndex(2)]).toBe(generationColors[2].badge);
    expect(generationBadge[generationIndex(3)]).toBe(generationColors[3].badge);
  });
});
