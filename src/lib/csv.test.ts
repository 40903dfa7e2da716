import { describe, expect, it } from 'vitest';
import { csvAmount, csvField } from '@/lib/csv';

describe('csvField and csvAmount', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('Rossi; Maria')).toBe('"Rossi; Maria"');
    expect(csvField('Maria "Mimì"')).toBe('"Maria ""Mimì"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+39 333')).toBe("'+39 333");
    expect(csvField('Anna')).toBe('Anna');
  });

  it('rounds to cents with a comma and no grouping', () => {
    expect(csvAmount(0)).toBe('0,00');
    expect(csvAmount(0.1 + 0.2)).toBe('0,30');
    expect(csvAmount(20000)).toBe('20000,00');
    expect(csvAmount(-2.5)).toBe('-2,50');
  });
});
