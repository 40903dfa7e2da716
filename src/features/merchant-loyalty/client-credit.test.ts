import { describe, expect, it } from 'vitest';
import { shownCredit } from '@/features/merchant-loyalty/client-credit';

describe('shownCredit', () => {
  it('shows an amount in euro, and a dash for an erased client', () => {
    expect(shownCredit(12.5)).toBe('€ 12,50');
    expect(shownCredit(0)).toBe('€ 0,00');
    expect(shownCredit(null)).toBe('—');
  });
});
