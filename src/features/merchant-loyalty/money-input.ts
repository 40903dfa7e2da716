/**
 * What the merchant types in an amount or percentage field, read as a number. Both '12,50' (the
 * Italian keypad's comma) and '12.50' are accepted; thousands separators are not, so '1.234' is
 * 1.234 and fails the cents check rather than silently becoming 1234.
 */
export type ParsedDecimal = { ok: true; value: number } | { ok: false; reason: 'empty' | 'invalid' };

const decimal = /^\d+(?:[.,](\d+))?$/;

/** Reads a non-negative decimal with at most `maxDecimals` digits after the separator (cents: 2). */
export function parseDecimalInput(text: string, maxDecimals = 2): ParsedDecimal {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const match = decimal.exec(trimmed);
  if (!match || (match[1]?.length ?? 0) > maxDecimals) return { ok: false, reason: 'invalid' };
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, reason: 'invalid' };
}

/** An amount in whole cents, for exact comparisons and the net preview. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** A number as the merchant would type it back into a field: '12,5' for 12.5. */
export function toInputText(value: number): string {
  return String(value).replace('.', ',');
}
