import { describe, expect, it } from 'vitest';
import { validatePercentages } from '@/features/merchant-loyalty/percentages-form';

describe('validatePercentages', () => {
  it('accepts four numbers from 0 to 100, with a comma or a dot', () => {
    expect(validatePercentages({ personal: '10', sponsor1: '5,5', sponsor2: '0', sponsor3: '100' })).toEqual({
      ok: true,
      values: { personal: 10, sponsor1: 5.5, sponsor2: 0, sponsor3: 100 },
    });
  });

  it('requires every field and keeps each within 0 and 100', () => {
    expect(validatePercentages({ personal: '', sponsor1: '101', sponsor2: '-1', sponsor3: 'x' })).toEqual({
      ok: false,
      errors: {
        personal: 'Inserisci la percentuale',
        sponsor1: 'Inserisci un numero tra 0 e 100',
        sponsor2: 'Inserisci un numero tra 0 e 100',
        sponsor3: 'Inserisci un numero tra 0 e 100',
      },
    });
  });
});
