import { describe, expect, it } from 'vitest';
import {
  fieldMessage,
  netPreview,
  purchaseFormSchema,
  toastedRefusal,
} from '@/features/merchant-loyalty/purchase-form';

const base = { clientCode: 'A00001', availableCredit: 5, spend: '40', discount: '5' };

/** The amounts the form sends, or the first message of each field as the form shows it. */
function formResult(input: Record<string, unknown>) {
  const result = purchaseFormSchema.safeParse(input);
  if (result.success) {
    const { clientCode, spend, discount } = result.data;
    return { ok: true, clientCode, spend, discount };
  }
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

describe('purchaseFormSchema', () => {
  it('accepts a purchase within the rules and returns the amounts as numbers', () => {
    expect(formResult(base)).toEqual({ ok: true, clientCode: 'A00001', spend: 40, discount: 5 });
    expect(formResult({ ...base, spend: '5', discount: '5,00' })).toMatchObject({ ok: true });
  });

  it('saves nothing without a client', () => {
    expect(formResult({ ...base, clientCode: null })).toEqual({
      ok: false,
      errors: { clientCode: 'Seleziona un cliente' },
    });
  });

  it('refuses a discount above the credit with the spec §8 text', () => {
    expect(formResult({ ...base, discount: '5,01' })).toEqual({
      ok: false,
      errors: {
        discount: 'Errore: lo sconto da utilizzare deve essere inferiore o uguale allo sconto disponibile.',
      },
    });
  });

  it('with a negative credit (after a reversal) refuses any discount, not a purchase without one', () => {
    const negative = { ...base, availableCredit: -12.5 };
    expect(formResult({ ...negative, discount: '0' })).toMatchObject({ ok: true, discount: 0 });
    expect(formResult({ ...negative, discount: '0,01' })).toMatchObject({ ok: false });
  });

  it('refuses a spend below the discount with the spec §8 text', () => {
    expect(formResult({ ...base, spend: '4,99' })).toEqual({
      ok: false,
      errors: { spend: "L'importo di spesa deve essere uguale o superiore allo sconto da utilizzare" },
    });
  });

  it('requires both amounts, in cents, and a spend above zero', () => {
    expect(formResult({ ...base, spend: '', discount: '' })).toEqual({
      ok: false,
      errors: {
        spend: "Inserisci l'importo di spesa",
        discount: 'Inserisci lo sconto da utilizzare (0 se nessuno)',
      },
    });
    expect(formResult({ ...base, spend: '10,005' })).toMatchObject({
      ok: false,
      errors: { spend: 'Inserisci un importo valido, con al massimo due decimali' },
    });
    expect(formResult({ ...base, spend: '0', discount: '0' })).toMatchObject({
      ok: false,
      errors: { spend: "L'importo di spesa deve essere maggiore di zero" },
    });
  });
});

describe('purchaseFormSchema bounds', () => {
  it('refuses a spend over € 100.000,00 as the database does', () => {
    const base = { clientCode: 'A00001', availableCredit: 0, discount: '0' };
    expect(formResult({ ...base, spend: '100000,01' })).toMatchObject({
      ok: false,
      errors: { spend: "L'importo di spesa non può superare € 100.000,00" },
    });
    expect(formResult({ ...base, spend: '12345678901234567890' })).toMatchObject({ ok: false });
    expect(formResult({ ...base, spend: '100000' })).toMatchObject({ ok: true, spend: 100000 });
  });
});

describe('netPreview', () => {
  it('shows spend minus discount in exact cents, and nothing for a bad amount', () => {
    expect(netPreview('40', '5')).toBe(35);
    expect(netPreview('0,3', '0,1')).toBe(0.2);
    expect(netPreview('10', '')).toBe(10);
    expect(netPreview('', '0')).toBeNull();
    expect(netPreview('abc', '0')).toBeNull();
  });
});

describe('where a purchase problem is shown', () => {
  const discountTooHigh =
    'Errore: lo sconto da utilizzare deve essere inferiore o uguale allo sconto disponibile.';
  const invalidAmount = 'Inserisci un importo valido, con al massimo due decimali';

  it('shows the spec §8 refusals as a toast only, never under the field', () => {
    const { errors } = formResult({ ...base, spend: '40', discount: '6' });
    expect(errors?.discount).toBe(discountTooHigh);
    expect(fieldMessage(errors?.discount)).toBeUndefined();
    expect(toastedRefusal([errors?.discount, errors?.spend])).toBe(discountTooHigh);
    expect(
      toastedRefusal([
        undefined,
        "L'importo di spesa deve essere uguale o superiore allo sconto da utilizzare",
      ]),
    ).toBe("L'importo di spesa deve essere uguale o superiore allo sconto da utilizzare");
  });

  it('keeps a field problem under its field only', () => {
    const { errors } = formResult({ ...base, spend: 'abc' });
    expect(fieldMessage(errors?.spend)).toBe(invalidAmount);
    expect(toastedRefusal([errors?.discount, errors?.spend])).toBeUndefined();
  });
});
