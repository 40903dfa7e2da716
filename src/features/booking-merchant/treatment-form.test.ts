import { describe, expect, it } from 'vitest';
import {
  emptyTreatmentDraft,
  isIncomplete,
  toggleAllOperators,
  toggleOperator,
  treatmentDraftOf,
  treatmentFormSchema,
  withSuffix,
  type TreatmentDraft,
} from '@/features/booking-merchant/treatment-form';

const complete = {
  ...emptyTreatmentDraft,
  name: ' Pulizia viso ',
  description: 'Detersione e maschera',
  duration: '45',
  price: '39,90',
  allOperators: false,
  operatorIds: ['op-1'],
};

/** The values sent, or null when the form refuses the draft. */
function treatmentValues(draft: TreatmentDraft) {
  const result = treatmentFormSchema.safeParse(draft);
  return result.success ? result.data : null;
}

/** The first message the form shows for a draft, or null when it is accepted. */
function firstMessage(draft: TreatmentDraft): string | null {
  return treatmentFormSchema.safeParse(draft).error?.issues[0]?.message ?? null;
}

describe('the treatment form (spec §5)', () => {
  it('takes a complete form, trimming texts and reading an Italian price', () => {
    expect(treatmentValues(complete)).toEqual({
      name: 'Pulizia viso',
      description: 'Detersione e maschera',
      durationMinutes: 45,
      price: 39.9,
      operatorIds: ['op-1'],
      bufferMinutes: 0,
      processingOffsetMinutes: null,
      processingMinutes: null,
      resourceIds: [],
    });
    expect(treatmentValues({ ...complete, price: '1.234,50' })?.price).toBe(1234.5);
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

  it('says in Italian what is missing or wrong, field by field', () => {
    expect(firstMessage({ ...complete, name: '  ' })).toBe('Inserisci il nome');
    expect(firstMessage({ ...complete, description: '' })).toBe('Inserisci la descrizione');
    expect(firstMessage({ ...complete, duration: '' })).toBe('Inserisci la durata in minuti');
    expect(firstMessage({ ...complete, duration: '4.5' })).toBe('Inserisci la durata in minuti interi');
    expect(firstMessage({ ...complete, price: '' })).toBe('Inserisci il prezzo');
    for (const price of ['gratis', 'NaN', '-3', '25,555'])
      expect(firstMessage({ ...complete, price })).toBe(
        'Inserisci un prezzo valido, con al massimo due decimali',
      );
    expect(firstMessage({ ...complete, operatorIds: [] })).toBe('Scegli almeno un operatore');
  });

  it('calls a form incomplete when a field is empty, not when it is only wrong', () => {
    const errorsOf = (draft: TreatmentDraft) =>
      Object.fromEntries(
        (treatmentFormSchema.safeParse(draft).error?.issues ?? []).map((issue) => [
          String(issue.path[0]),
          { type: issue.code, message: issue.message },
        ]),
      );
    expect(isIncomplete(errorsOf(emptyTreatmentDraft))).toBe(true);
    // A new treatment starts for all operators; none chosen at all is refused.
    expect(emptyTreatmentDraft).toMatchObject({ allOperators: true, operatorIds: [] });
    expect(errorsOf(emptyTreatmentDraft).operatorIds).toBeUndefined();
    expect(errorsOf({ ...emptyTreatmentDraft, allOperators: false }).operatorIds?.message).toBe(
      'Scegli almeno un operatore',
    );
    expect(isIncomplete(errorsOf({ ...complete, operatorIds: [] }))).toBe(true);
    expect(isIncomplete(errorsOf({ ...complete, duration: '700' }))).toBe(false);
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

describe('the price field', () => {
  it('reads up to two decimals with a comma or a dot', () => {
    const price = (text: string) => treatmentValues({ ...complete, price: text })?.price ?? null;
    expect(price('25')).toBe(25);
    expect(price('25,5')).toBe(25.5);
    expect(price('25.55')).toBe(25.55);
    expect(price('25,555')).toBeNull();
    expect(price('-3')).toBeNull();
  });
});

describe('withSuffix', () => {
  it('shows the unit only when the field is not focused and holds a number', () => {
    expect(withSuffix('45', ' min', false)).toBe('45 min');
    expect(withSuffix('45', ' min', true)).toBe('45');
    expect(withSuffix('', '€', false)).toBe('');
    expect(withSuffix('NaN', '€', false)).toBe('NaN');
    expect(withSuffix('12abc', ' min', false)).toBe('12abc');
    expect(withSuffix('39,90', '€', false)).toBe('39,90€');
  });
});

describe('the database bounds', () => {
  it('passes a treatment within the database bounds', () => {
    expect(firstMessage(complete)).toBeNull();
    expect(firstMessage({ ...complete, duration: '600', price: '10000' })).toBeNull();
    expect(firstMessage({ ...complete, duration: '600', price: '10.000,00' })).toBeNull();
  });

  it('names the bound broken, with the database message', () => {
    expect(firstMessage({ ...complete, name: 'x'.repeat(101) })).toBe(
      'Il nome può contenere al massimo 100 caratteri',
    );
    expect(firstMessage({ ...complete, description: 'x'.repeat(1001) })).toBe(
      'La descrizione può contenere al massimo 1000 caratteri',
    );
    expect(firstMessage({ ...complete, duration: '4' })).toBe(
      'La durata deve essere compresa tra 5 e 600 minuti',
    );
    expect(firstMessage({ ...complete, price: '10000,01' })).toBe(
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
      bufferMinutes: 0,
      processingOffsetMinutes: null,
      processingMinutes: null,
      resourceIds: [],
    });
    expect(treatmentValues(treatmentDraftOf({ ...stored, for_all_operators: true }))?.operatorIds).toBeNull();
  });
});

describe('the pause after a treatment and its processing time', () => {
  const timed = { ...complete, duration: '90' };

  it('sends both as whole minutes, empty as none', () => {
    expect(
      treatmentValues({ ...timed, buffer: '15', processingOffset: '30', processingMinutes: '40' }),
    ).toMatchObject({ bufferMinutes: 15, processingOffsetMinutes: 30, processingMinutes: 40 });
    expect(treatmentValues(timed)).toMatchObject({
      bufferMinutes: 0,
      processingOffsetMinutes: null,
      processingMinutes: null,
      resourceIds: [],
    });
  });

  it('refuses them out of the database bounds, with its messages', () => {
    for (const buffer of ['65', '7', '2,5', 'dieci'])
      expect(firstMessage({ ...timed, buffer })).toBe(
        'La pausa dopo il trattamento deve essere tra 0 e 60 minuti, a multipli di 5',
      );
    expect(firstMessage({ ...timed, processingOffset: '30' })).toBe(
      'Indica sia l’inizio sia la durata del tempo di posa',
    );
    for (const [processingOffset, processingMinutes] of [
      ['0', '20'],
      ['50', '40'],
      ['12', '20'],
    ] as const)
      expect(firstMessage({ ...timed, processingOffset, processingMinutes })).toBe(
        'Il tempo di posa deve cominciare e finire dentro la durata del trattamento, a multipli di 5 minuti',
      );
  });

  it('fills the form with a stored timing', () => {
    const draft = treatmentDraftOf({
      name: 'Colore',
      description: 'Colore',
      duration_minutes: 90,
      price: 50,
      for_all_operators: true,
      operator_ids: [],
      buffer_minutes: 10,
      processing_offset_minutes: 30,
      processing_minutes: 40,
    });
    expect(draft).toMatchObject({ buffer: '10', processingOffset: '30', processingMinutes: '40' });
  });
});
