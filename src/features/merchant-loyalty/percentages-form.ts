import type { Percentages } from '@/features/merchant-loyalty/api/get-percentages';
import { parseDecimalInput } from '@/features/merchant-loyalty/money-input';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';

const t = merchantLoyaltyTexts.percentuali;

export const percentageFields = ['personal', 'sponsor1', 'sponsor2', 'sponsor3'] as const;
export type PercentageField = (typeof percentageFields)[number];
export type PercentagesDraft = Record<PercentageField, string>;

/** Each percentage: required, a number from 0 to 100 with at most two decimals (spec §5). */
export function validatePercentages(
  draft: PercentagesDraft,
): { ok: true; values: Percentages } | { ok: false; errors: Partial<PercentagesDraft> } {
  const errors: Partial<PercentagesDraft> = {};
  const values: Percentages = { personal: 0, sponsor1: 0, sponsor2: 0, sponsor3: 0 };
  for (const field of percentageFields) {
    const parsed = parseDecimalInput(draft[field]);
    if (!parsed.ok) errors[field] = parsed.reason === 'empty' ? t.required : t.outOfRange;
    else if (parsed.value > 100) errors[field] = t.outOfRange;
    else values[field] = parsed.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}
