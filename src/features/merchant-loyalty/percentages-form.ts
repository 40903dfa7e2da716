import * as z from 'zod/mini';
import type { Percentages } from '@/features/merchant-loyalty/api/get-percentages';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { decimalField } from '@/lib/decimal-input';

const t = merchantLoyaltyTexts.percentuali;

export const percentageFields = ['personal', 'sponsor1', 'sponsor2', 'sponsor3'] as const;
export type PercentageField = (typeof percentageFields)[number];
export type PercentagesDraft = Record<PercentageField, string>;

const percentage = decimalField({ required: t.required, invalid: t.outOfRange, max: 100 });

/** Each percentage: required, a number from 0 to 100 with at most two decimals (spec §5). */
export const percentagesFormSchema = z.object({
  personal: percentage,
  sponsor1: percentage,
  sponsor2: percentage,
  sponsor3: percentage,
});

/** The form's schema run outside the form: the numbers to send, or the message of each field. */
export function validatePercentages(
  draft: PercentagesDraft,
): { ok: true; values: Percentages } | { ok: false; errors: Partial<PercentagesDraft> } {
  const result = percentagesFormSchema.safeParse(draft);
  if (result.success) return { ok: true, values: result.data };
  const errors: Partial<PercentagesDraft> = {};
  for (const issue of result.error.issues) errors[issue.path[0] as PercentageField] ??= issue.message;
  return { ok: false, errors };
}
