import * as z from 'zod/mini';

/**
 * What a person types in an amount, percentage or count field, read as a number: the one home of the
 * Italian decimal comma. '12,50' and '12.50' are both 12.5; dots group thousands when a decimal comma
 * follows ('1.234,50') or when there are several of them ('1.234.567'). A lone '1.234' stays
 * ambiguous, so it is read as 1.234 and fails the cents check rather than silently becoming 1234.
 */
type ParsedDecimal = { ok: true; value: number } | { ok: false; reason: 'empty' | 'invalid' };

const plain = /^\d+(?:[.,](\d+))?$/;
const grouped = /^\d{1,3}(?:\.\d{3})+(?:,(\d+))?$/;

/** Reads a non-negative decimal with at most `maxDecimals` digits after the separator (cents: 2). */
export function parseDecimalInput(text: string, maxDecimals = 2): ParsedDecimal {
  const compact = text.trim().replace(/\s+/g, '');
  if (compact === '') return { ok: false, reason: 'empty' };
  const simple = plain.exec(compact);
  const thousands = simple ? null : grouped.exec(compact);
  const usesGrouping = thousands !== null && (compact.includes(',') || compact.split('.').length > 2);
  const match = simple ?? (usesGrouping ? thousands : null);
  if (!match || (match[1]?.length ?? 0) > maxDecimals) return { ok: false, reason: 'invalid' };
  const normalised = simple ? compact.replace(',', '.') : compact.replaceAll('.', '').replace(',', '.');
  const value = Number(normalised);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, reason: 'invalid' };
}

/** An amount in whole cents, for exact comparisons and the net preview. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** A number as a person would type it back into a field: '12,5' for 12.5. */
export function toInputText(value: number): string {
  return String(value).replace('.', ',');
}

interface DecimalFieldRules {
  /** Shown for an empty field. */
  required: string;
  /** Shown for text that is not a non-negative number with at most `maxDecimals` decimals. */
  invalid: string;
  /** 2 for cents (the default), 0 for whole numbers. */
  maxDecimals?: number;
  min?: number;
  max?: number;
  /** Shown below `min` or above `max`; `invalid` when not given. */
  outOfRange?: string;
}

/**
 * A form field typed as text and validated as a number: the zod pipe every amount, percentage
 * and count field of the app goes through, so each says the same Italian things about the same input.
 */
export function decimalField(rules: DecimalFieldRules) {
  const outOfRange = rules.outOfRange ?? rules.invalid;
  let number = z.number({ error: (issue) => (issue.input === undefined ? rules.required : rules.invalid) });
  if (rules.min !== undefined) number = number.check(z.gte(rules.min, outOfRange));
  if (rules.max !== undefined) number = number.check(z.lte(rules.max, outOfRange));
  return z.pipe(
    z.transform((text: string) => {
      const parsed = parseDecimalInput(text, rules.maxDecimals ?? 2);
      if (parsed.ok) return parsed.value;
      return parsed.reason === 'empty' ? undefined : Number.NaN;
    }),
    number,
  );
}
