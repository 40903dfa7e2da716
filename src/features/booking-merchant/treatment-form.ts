import type { FieldErrors } from 'react-hook-form';
import * as z from 'zod/mini';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';
import { decimalField, parseDecimalInput } from '@/lib/decimal-input';
import { amountLimits, maxLength } from '@/lib/input-limits';
import { requiredText } from '@/lib/input-rules';
import { fill, texts } from '@/lib/texts';

const t = bookingMerchantTexts.impostazioni;
const v = texts.validation;

/** What the treatment form holds while the merchant types. */
export interface TreatmentDraft {
  name: string;
  description: string;
  duration: string;
  price: string;
  allOperators: boolean;
  operatorIds: string[];
  /** Optional: minutes the operator stays busy after it (cleaning). */
  buffer: string;
  /** Optional, both or neither: the processing time inside it (colour that sets). */
  processingOffset: string;
  processingMinutes: string;
  /** The cabins and equipment it needs. */
  resourceIds: string[];
}

export const emptyTreatmentDraft: TreatmentDraft = {
  name: '',
  description: '',
  duration: '',
  price: '',
  // Most salons' treatments are done by anyone: one operator is the exception to choose.
  allOperators: true,
  operatorIds: [],
  buffer: '',
  processingOffset: '',
  processingMinutes: '',
  resourceIds: [],
};

/** Whole minutes typed in an optional field: null when empty, NaN when not a whole number. */
function optionalMinutes(text: string): number | null {
  const parsed = parseDecimalInput(text, 0);
  if (parsed.ok) return parsed.value;
  return parsed.reason === 'empty' ? null : Number.NaN;
}

const byFive = (minutes: number) => Number.isInteger(minutes) && minutes % 5 === 0;

/** The database's bounds of the pause and the processing time (app_private.check_treatment_timing). */
function timingProblem(
  timing: Pick<TreatmentDraft, 'buffer' | 'processingOffset' | 'processingMinutes'>,
  duration: number | undefined,
): { path: 'buffer' | 'processingMinutes'; message: string } | null {
  const buffer = optionalMinutes(timing.buffer) ?? 0;
  if (!byFive(buffer) || buffer > 60) return { path: 'buffer', message: t.bufferInvalid };
  const offset = optionalMinutes(timing.processingOffset);
  const minutes = optionalMinutes(timing.processingMinutes);
  if (offset === null && minutes === null) return null;
  if (offset === null || minutes === null) return { path: 'processingMinutes', message: t.processingHalf };
  const inside =
    byFive(offset) &&
    byFive(minutes) &&
    offset >= 5 &&
    minutes >= 5 &&
    (duration === undefined || !Number.isFinite(duration) || offset + minutes < duration);
  return inside ? null : { path: 'processingMinutes', message: t.processingOutside };
}

/** The message of each field left empty: any of them makes the form incomplete. */
const requiredMessages = {
  name: v.nameRequired,
  description: t.descriptionRequired,
  duration: t.durationRequired,
  price: t.priceRequired,
  operatorIds: t.operatorsRequired,
} as const;

/**
 * Spec §5: every field and at least one operator ('all' counts), within the database's bounds and
 * with its messages; the price with an Italian decimal comma.
 */
export const treatmentFormSchema = z.pipe(
  z
    .object({
      name: requiredText(requiredMessages.name, maxLength.name, v.nameTooLong),
      description: requiredText(requiredMessages.description, maxLength.description, v.descriptionTooLong),
      duration: decimalField({
        required: requiredMessages.duration,
        invalid: t.durationInvalid,
        maxDecimals: 0,
        min: amountLimits.minDurationMinutes,
        max: amountLimits.maxDurationMinutes,
        outOfRange: fill(v.durationOutOfRange, {
          min: amountLimits.minDurationMinutes,
          max: amountLimits.maxDurationMinutes,
        }),
      }),
      price: decimalField({
        required: requiredMessages.price,
        invalid: t.priceInvalid,
        max: amountLimits.maxPrice,
        outOfRange: v.priceOutOfRange,
      }),
      allOperators: z.boolean(),
      operatorIds: z.array(z.string()),
      buffer: z.string(),
      processingOffset: z.string(),
      processingMinutes: z.string(),
      resourceIds: z.array(z.string()),
    })
    .check(
      z.refine((draft) => draft.allOperators || draft.operatorIds.length > 0, {
        path: ['operatorIds'],
        message: requiredMessages.operatorIds,
        // Said together with the other fields' messages, not only once they are right.
        when: () => true,
      }),
      z.superRefine((draft, context) => {
        const problem = timingProblem(draft, draft.duration);
        if (problem) context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
      }),
    ),
  z.transform((draft) => ({
    name: draft.name,
    description: draft.description,
    durationMinutes: draft.duration,
    price: draft.price,
    /** null: every operator. */
    operatorIds: draft.allOperators ? null : draft.operatorIds,
    bufferMinutes: optionalMinutes(draft.buffer) ?? 0,
    processingOffsetMinutes: optionalMinutes(draft.processingOffset),
    processingMinutes: optionalMinutes(draft.processingMinutes),
    resourceIds: draft.resourceIds,
  })),
);

export type TreatmentValues = z.output<typeof treatmentFormSchema>;

/** True when a field was left empty (rather than filled wrongly): the form then says so as a whole. */
export function isIncomplete(errors: FieldErrors<TreatmentDraft>): boolean {
  return Object.entries(requiredMessages).some(
    ([field, message]) => errors[field as keyof typeof requiredMessages]?.message === message,
  );
}

/** Choosing 'all' excludes the individual operators (spec §5). */
export function toggleAllOperators(draft: TreatmentDraft, all: boolean): TreatmentDraft {
  return { ...draft, allOperators: all, operatorIds: all ? [] : draft.operatorIds };
}

export function toggleOperator(draft: TreatmentDraft, operatorId: string, chosen: boolean): TreatmentDraft {
  const others = draft.operatorIds.filter((id) => id !== operatorId);
  return { ...draft, allOperators: false, operatorIds: chosen ? [...others, operatorId] : others };
}

/**
 * The value shown in a field with a unit: the unit after it when the field is not focused and holds a
 * number; after anything else the unit would read as part of the mistake ('NaN€').
 */
export function withSuffix(value: string, suffix: string, focused: boolean): string {
  return focused || !/^\d+([.,]\d+)?$/.test(value.trim()) ? value : `${value.trim()}${suffix}`;
}

/** The form of a stored treatment, to edit it: the price with a decimal comma, as typed in Italy. */
export function treatmentDraftOf(
  treatment: {
    name: string;
    description: string | null;
    duration_minutes: number;
    price: number;
    for_all_operators: boolean;
    operator_ids: string[] | null;
    buffer_minutes?: number | null;
    processing_offset_minutes?: number | null;
    processing_minutes?: number | null;
  },
  needed: { id: string }[] = [],
): TreatmentDraft {
  return {
    name: treatment.name,
    description: treatment.description ?? '',
    duration: String(treatment.duration_minutes),
    price: treatment.price.toFixed(2).replace('.', ','),
    allOperators: treatment.for_all_operators,
    operatorIds: treatment.for_all_operators ? [] : (treatment.operator_ids ?? []),
    buffer: treatment.buffer_minutes ? String(treatment.buffer_minutes) : '',
    processingOffset: treatment.processing_offset_minutes?.toString() ?? '',
    processingMinutes: treatment.processing_minutes?.toString() ?? '',
    resourceIds: needed.map((resource) => resource.id),
  };
}
