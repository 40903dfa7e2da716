import { describe, expect, it } from 'vitest';
import {
  emptyTreatmentDraft,
  parseAmount,
  toggleAllOperators,
  toggleOperator,
  treatmentBoundsError,
  treatmentDraftOf,
  treatmentValues,
  withSuffix,
} from '@/features/booking-merchant/treatment-form';

const complete = {
  ...emptyTreatmentDraft,
  name: ' Pulizia viso ',
  description: 'Detersione e maschera',
  duration: '45',
  price: '39,90',
  operatorIds: ['op-1'],
};

describe('treatmentValues (spec §5)', () => {
  it('takes a complete form, trimming texts and reading an Italian price', () => {
    expect(treatmentValues(complete)).toEqual({
      name: 'Pulizia viso',
      description: 'Detersione e maschera',
      durationMinutes: 45,
      price: 39.9,
      operatorIds: ['op-1'],
    });
  });

  it('sends null operators for all of them', () => {
    expect(treatmentValues(toggleAllOperators(complete, true))?.operatorIds).toBeNull();
  });

  it('refuses a form with any field missing or no operator', () => {
    expect(treatmentValues({ ...complete, name: '  ' })).toBeNull();
    expect(treatmentValues({ ...complete, description: '' })).toBeNull();
    expect(treatmentValues({ ...complete, duration: '' })).toBeNull();
    expect(treatmentValues({ ...complete, duration: '0' })).toBeNull();
    expect(treatmentValues({ ...complete, duration: '4.5' })).toBeNull();
    expect(treatmentValues({ ...complete, price: 'gratis' })).toBeNull();
    expect(treatmentValues({ ...complete, operatorIds: [] })).toBeNull();
  });
});

describe('operators of a treatment', () => {
  it('choosing all drops the individual ones, choosing one drops all', () => {
    const all = toggleAllOperators(complete, true);
    expect(all).toMatchObject({ allOperators: true, operatorIds: [] });
    expect(toggleOperator(all, 'op-2', true)).toMatchObject({ allOperators: false, operatorIds: ['op-2'] });
    expect(toggleOperator(complete, 'op-1', false).operatorIds).toEqual([]);
  });
});

describe('parseAmount', () => {
  it('reads up to two decimals with a comma or a dot', () => {
    expect(parseAmount('25')).toBe(25);
    expect(parseAmount('25,5')).toBe(25.5);
    expect(parseAmount('25.55')).toBe(25.55);
    expect(parseAmount('25,555')).toBeNull();
    expect(parseAmount('-3')).toBeNull();
  });
});

describe('withSuffix', () => {
  it('shows the unit only when the field is not focused and has a value', () => {
    expect(withSuffix('45', ' min', false)).toBe('45 min');
    expect(withSuffix('45', ' min', true)).toBe('45');
    expect(withSuffix('', '€', false)).toBe('');
  });
});

describe('treatmentBoundsError', () => {
  const values = treatmentValues(complete)!;
  it('passes a treatment within the database bounds', () => {
    expect(treatmentBoundsError(values)).toBeNull();
    expect(treatmentBoundsError({ ...values, durationMinutes: 600, price: 10000 })).toBeNull();
  });

  it('names the first bound broken, with the database message', () => {
    expect(treatmentBoundsError({ ...values, name: 'x'.repeat(101) })).toBe(
      'Il nome può contenere al massimo 100 caratteri',
    );
    expect(treatmentBoundsError({ ...values, description: 'x'.repeat(1001) })).toBe(
      'La descrizione può contenere al massimo 1000 caratteri',
    );
    expect(treatmentBoundsError({ ...values, durationMinutes: 4 })).toBe(
      'La durata deve essere compresa tra 5 e 600 minuti',
    );
    expect(treatmentBoundsError({ ...values, price: 10000.01 })).toBe(
      'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00',
    );
  });
});

describe('treatmentDraftOf', () => {
  it('fills the form with a stored treatment, which reads back as the same values', () => {
    const stored = {
      name: 'Piega',
      description: 'Lavaggio e piega',
      duration_minutes: 45,
      price: 32.5,
      for_all_operators: false,
      operator_ids: ['op-2'],
    };
    const draft = treatmentDraftOf(stored);
    expect(draft.price).toBe('32,50');
    expect(treatmentValues(draft)).toEqual({
      name: 'Piega',
      description: 'Lavaggio e piega',
      durationMinutes: 45,
      price: 32.5,
      operatorIds: ['op-2'],
    });
    expect(treatmentValues(treatmentDraftOf({ ...stored, for_all_operators: true }))?.operatorIds).toBeNull();
  });
});
