import { describe, expect, it } from 'vitest';
import { parseDecimalInput, toCents, toInputText } from '@/features/merchant-loyalty/money-input';

describe('parseDecimalInput', () => {
  it('reads the Italian comma and the dot alike', () => {
    expect(parseDecimalInput('12,50')).toEqual({ ok: true, value: 12.5 });
    expect(parseDecimalInput('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseDecimalInput(' 40 ')).toEqual({ ok: true, value: 40 });
    expect(parseDecimalInput('0')).toEqual({ ok: true, value: 0 });
  });

  it('tells an empty field from an invalid one', () => {
    expect(parseDecimalInput('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseDecimalInput('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(parseDecimalInput('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('-5')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('1,2,3')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('1e3')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('keeps to cents (step 0.01): a third decimal, or a thousands dot, is refused', () => {
    expect(parseDecimalInput('9,999')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('1.234')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseDecimalInput('2,5', 0)).toEqual({ ok: false, reason: 'invalid' });
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
