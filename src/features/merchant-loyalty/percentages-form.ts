import * as z from 'zod/mini';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { decimalField } from '@/lib/decimal-input';

const t = merchantLoyaltyTexts.percentuali;

export const percentageFields = ['personal', 'sponsor1', 'sponsor2', 'sponsor3'] as const;
type PercentageField = (typeof percentageFields)[number];
export type PercentagesDraft = Record<PercentageField, string>;

const percentage = decimalField({ required: t.required, invalid: t.outOfRange, max: 100 });

/** Each percentage: required, a number from 0 to 100 with at most two decimals (spec §5). */
export const percentagesFormSchema = z.object({
  personal: percentage,
  sponsor1: percentage,
  sponsor2: percentage,
  sponsor3: percentage,
});
