import { parseDecimalInput, toCents } from '@/features/merchant-loyalty/money-input';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { amountLimits } from '@/lib/input-limits';
import { texts } from '@/lib/texts';

const t = merchantLoyaltyTexts.registrazioni;

export interface PurchaseFormInput {
  clientCode: string | null;
  /** The selected client's available credit, in euro. */
  availableCredit: number;
  spend: string;
  discount: string;
}

export type PurchaseFormResult =
  | { ok: true; clientCode: string; spend: number; discount: number }
  | { ok: false; errors: { client?: string; spend?: string; discount?: string } };

/**
 * Spec §5 checked in the form, for speed, with the texts the database gives: a client is selected,
 * both amounts are present with at most two decimals (step 0.01), the discount is within the client's
 * credit and the spend covers the discount. The database checks all of it again.
 */
export function validatePurchase(input: PurchaseFormInput): PurchaseFormResult {
  const errors: { client?: string; spend?: string; discount?: string } = {};
  if (!input.clientCode) errors.client = t.noClient;
  const spend = parseDecimalInput(input.spend);
  const discount = parseDecimalInput(input.discount);
  if (!spend.ok) errors.spend = spend.reason === 'empty' ? t.spendRequired : t.invalidAmount;
  if (!discount.ok) errors.discount = discount.reason === 'empty' ? t.discountRequired : t.invalidAmount;
  if (spend.ok && discount.ok) {
    // A negative credit (after a reversal) refuses every discount, never a purchase without one.
    if (toCents(discount.value) > 0 && toCents(discount.value) > toCents(input.availableCredit))
      errors.discount = t.discountTooHigh;
    if (spend.value > amountLimits.maxSpend) errors.spend = texts.validation.spendTooHigh;
    else if (toCents(spend.value) < toCents(discount.value)) errors.spend = t.spendBelowDiscount;
    else if (toCents(spend.value) === 0) errors.spend = t.spendZero;
  }
  if (errors.client || errors.spend || errors.discount || !spend.ok || !discount.ok || !input.clientCode)
    return { ok: false, errors };
  return { ok: true, clientCode: input.clientCode, spend: spend.value, discount: discount.value };
}

/** spend − discount for the preview under the fields, or null while either is not a valid amount. */
export function netPreview(spendText: string, discountText: string): number | null {
  const spend = parseDecimalInput(spendText);
  const discount = parseDecimalInput(discountText === '' ? '0' : discountText);
  if (!spend.ok || !discount.ok) return null;
  return (toCents(spend.value) - toCents(discount.value)) / 100;
}
