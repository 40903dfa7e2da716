import * as z from 'zod/mini';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { decimalField, parseDecimalInput, toCents } from '@/lib/decimal-input';
import { amountLimits } from '@/lib/input-limits';
import { texts } from '@/lib/texts';

const t = merchantLoyaltyTexts.registrazioni;

/**
 * Spec §5 checked in the form, for speed, with the texts the database gives: a client is selected,
 * both amounts are present with at most two decimals (step 0.01), the discount is within the client's
 * credit and the spend covers the discount. The database checks all of it again.
 */
export const purchaseFormSchema = z
  .object({
    clientCode: z.string({ error: t.noClient }).check(z.minLength(1, t.noClient)),
    spend: decimalField({
      required: t.spendRequired,
      invalid: t.invalidAmount,
      max: amountLimits.maxSpend,
      outOfRange: texts.validation.spendTooHigh,
    }),
    discount: decimalField({ required: t.discountRequired, invalid: t.invalidAmount }),
    /** The fiscal receipt's number, optional here; the database says when the salon requires it. */
    receiptNumber: z.optional(z.string().check(z.trim(), z.maxLength(50, t.receiptNumberTooLong))),
    /** The selected client's available credit, in euro. */
    availableCredit: z.number(),
  })
  .check(
    z.superRefine(({ spend, discount, availableCredit }, context) => {
      // A negative credit (after a reversal) refuses every discount, never a purchase without one.
      if (toCents(discount) > 0 && toCents(discount) > toCents(availableCredit))
        context.addIssue({ code: 'custom', path: ['discount'], message: t.discountTooHigh });
      if (toCents(spend) < toCents(discount))
        context.addIssue({ code: 'custom', path: ['spend'], message: t.spendBelowDiscount });
      else if (toCents(spend) === 0)
        context.addIssue({ code: 'custom', path: ['spend'], message: t.spendZero });
    }),
  );

/**
 * Spec §8's purchase refusals are read as a toast, the outcome of 'Registra acquisto'; every other
 * problem (no client, an amount missing or not valid) stays under its field only.
 */
const toastedRefusals: readonly string[] = [t.discountTooHigh, t.spendBelowDiscount];

/** The message to show under a field: none when the refusal is a toast. */
export function fieldMessage(message: string | undefined): string | undefined {
  return message !== undefined && toastedRefusals.includes(message) ? undefined : message;
}

/** The spec §8 refusal among the form's messages, to show as a toast. */
export function toastedRefusal(messages: readonly (string | undefined)[]): string | undefined {
  return messages.find((message) => message !== undefined && toastedRefusals.includes(message));
}

export type PurchaseFormValues = z.input<typeof purchaseFormSchema>;
export type PurchaseFormOutput = z.output<typeof purchaseFormSchema>;

/** spend − discount for the preview under the fields, or null while either is not a valid amount. */
export function netPreview(spendText: string, discountText: string): number | null {
  const spend = parseDecimalInput(spendText);
  const discount = parseDecimalInput(discountText === '' ? '0' : discountText);
  if (!spend.ok || !discount.ok) return null;
  return (toCents(spend.value) - toCents(discount.value)) / 100;
}
