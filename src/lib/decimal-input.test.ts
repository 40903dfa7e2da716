import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { decimalField, parseDecimalInput, toCents, toInputText } from '@/lib/decimal-input';

describe('parseDecimalInput', () => {
  it('reads the Italian comma and the dot alike', () => {
    expect(parseDecimalInput('12,50')).toEqual({ ok: true, value: 12.5 });
    expect(parseDecimalInput('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseDecimalInput(' 40 ')).toEqual({ ok: true, value: 40 });
    expect(parseDecimalInput('0')).toEqual({ ok: true, value: 0 });
    expect(parseDecimalInput('25,5')).toEqual({ ok: true, value: 25.5 });
    expect(parseDecimalInput('25.55')).toEqual({ ok: true, value: 25.55 });
  });

  it('reads dots as thousands separators before a decimal comma, or when there are several', () => {
    expect(parseDecimalInput('1.234,50')).toEqual({ ok: true, value: 1234.5 });
    expect(parseDecimalInput('12.345,5')).toEqual({ ok: true, value: 12345.5 });
    expect(parseDecimalInput('1.234.567')).toEqual({ ok: true, value: 1234567 });
    expect(parseDecimalInput('1.234.567,89')).toEqual({ ok: true, value: 1234567.89 });
    expect(parseDecimalInput('1 234,50')).toEqual({ ok: true, value: 1234.5 });
  });

  it('refuses misplaced thousands separators and the English order', () => {
    expect(parseDecimalInput('1.23,50')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('1234.567,00')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('1,234.50')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('1.234,505')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('tells an empty field from an invalid one', () => {
    expect(parseDecimalInput('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseDecimalInput('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(parseDecimalInput('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('NaN')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('Infinity')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('-5')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('-3')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('1,2,3')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('1e3')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('keeps to cents (step 0.01): a third decimal, or a lone thousands dot, is refused', () => {
    expect(parseDecimalInput('9,999')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('25,555')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('1.234')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('2,5', 0)).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('30', 0)).toEqual({ ok: true, value: 30 });
  });
});

describe('toCents and toInputText', () => {
  it('compares amounts exactly and writes them back with a comma', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toInputText(12.5)).toBe('12,5');
    expect(toInputText(3)).toBe('3');
  });
});

describe('decimalField', () => {
  const amount = decimalField({
    required: 'Inserisci l’importo',
    invalid: 'Importo non valido',
    max: 100,
    outOfRange: 'Al massimo 100',
  });
  const messageOf = (input: string) => {
    const result = amount.safeParse(input);
    return result.success ? null : result.error.issues.map((issue) => issue.message);
  };

  it('turns Italian text into the number sent', () => {
    expect(amount.parse('12,50')).toBe(12.5);
    expect(amount.parse('99.99')).toBe(99.99);
    expect(decimalField({ required: 'r', invalid: 'i' }).parse('1.234,50')).toBe(1234.5);
  });

  it('says in Italian what is wrong, one message per field', () => {
    expect(messageOf('')).toEqual(['Inserisci l’importo']);
    expect(messageOf('abc')).toEqual(['Importo non valido']);
    expect(messageOf('NaN')).toEqual(['Importo non valido']);
    expect(messageOf('-1')).toEqual(['Importo non valido']);
    expect(messageOf('1,999')).toEqual(['Importo non valido']);
    expect(messageOf('100,01')).toEqual(['Al massimo 100']);
  });

  it('keeps whole numbers and a lower bound when asked', () => {
    const days = decimalField({
      required: 'r',
      invalid: 'Giorni non validi',
      maxDecimals: 0,
      min: 1,
      max: 365,
    });
    expect(days.parse('30')).toBe(30);
    expect(days.safeParse('0').error?.issues[0]?.message).toBe('Giorni non validi');
    expect(days.safeParse('1,5').error?.issues[0]?.message).toBe('Giorni non validi');
    expect(days.safeParse('366').error?.issues[0]?.message).toBe('Giorni non validi');
  });

  it('works inside an object schema, as a form resolver uses it', () => {
    const form = z.object({ price: decimalField({ required: 'r', invalid: 'i' }) });
    expect(form.parse({ price: '39,90' })).toEqual({ price: 39.9 });
  });
});
