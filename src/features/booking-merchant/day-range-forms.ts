import * as z from 'zod/mini';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { maxLength } from '@/lib/input-limits';

const t = bookingMerchantTexts.impostazioni;

const dayInMs = 24 * 60 * 60 * 1000;

/** The database's rule for a range of days: the last one on or after the first, at most 366 days later. */
function withinAYear(from: string, to: string): boolean {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayInMs);
  return days >= 0 && days <= 366;
}

/**
 * A closure as add_salon_closure takes it: a first day, an optional last day from the first to a year
 * after it, and an optional reason of at most 100 characters, with the database's messages.
 */
export const closureFormSchema = z.pipe(
  z
    .object({
      fromDay: z.string().check(z.minLength(1, t.closureMissing)),
      toDay: z.string(),
      reason: z.string().check(z.trim(), z.maxLength(maxLength.closureReason, t.closureReasonTooLong)),
    })
    .check(
      z.refine(({ fromDay, toDay }) => !toDay || !fromDay || withinAYear(fromDay, toDay), {
        path: ['toDay'],
        message: t.dayRangeInvalid,
      }),
    ),
  z.transform(({ fromDay, toDay, reason }) => ({ fromDay, toDay: toDay || null, reason })),
);

export type ClosureDraft = z.input<typeof closureFormSchema>;
export type ClosureValues = z.output<typeof closureFormSchema>;

/** An operator's absence as add_operator_absence takes it: both days, the last within a year of the first. */
export const absenceFormSchema = z
  .object({
    fromDay: z.string().check(z.minLength(1, t.absenceMissing)),
    toDay: z.string().check(z.minLength(1, t.absenceMissing)),
  })
  .check(
    z.refine(({ fromDay, toDay }) => !fromDay || !toDay || withinAYear(fromDay, toDay), {
      path: ['toDay'],
      message: t.dayRangeInvalid,
    }),
  );

export type AbsenceDraft = z.input<typeof absenceFormSchema>;
