import { describe, expect, it } from 'vitest';
import { initialOperatorId, type OperatorChoice } from '@/features/booking-merchant/free-operator-choice';

const operator = (id: string, proposed: boolean): OperatorChoice => ({ id, proposed });

describe('initialOperatorId', () => {
  it('pre-selects the operator the database proposes, wherever it is in the list', () => {
    expect(initialOperatorId([operator('a', false), operator('b', true)])).toBe('b');
  });
  it('falls back to the first free operator when none is proposed', () => {
    expect(initialOperatorId([operator('a', false), operator('b', false)])).toBe('a');
  });
  it('selects nobody when no operator is free', () => {
    expect(initialOperatorId([])).toBeNull();
  });
});
