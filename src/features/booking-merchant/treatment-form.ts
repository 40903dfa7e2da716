import { amountLimits, maxLength } from '@/lib/input-limits';
import { tooLong } from '@/lib/input-rules';
import { fill, texts } from '@/lib/texts';

/** What the treatment form holds while the merchant types. */
export interface TreatmentDraft {
  name: string;
  description: string;
  duration: string;
  price: string;
  allOperators: boolean;
  operatorIds: string[];
}

export const emptyTreatmentDraft: TreatmentDraft = {
  name: '',
  description: '',
  duration: '',
  price: '',
  allOperators: false,
  operatorIds: [],
};

export interface TreatmentValues {
  name: string;
  description: string;
  durationMinutes: number;
  price: number;
  /** null: every operator. */
  operatorIds: string[] | null;
}

/** '45,50' or '45.50' → 45.5; anything else that is not a non-negative amount → null. */
export function parseAmount(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Number(normalised);
}

/** Spec §5: every field and at least one operator ('all' counts), or null when something is missing. */
export function treatmentValues(draft: TreatmentDraft): TreatmentValues | null {
  const name = draft.name.trim();
  const description = draft.description.trim();
  const duration = /^\d+$/.test(draft.duration.trim()) ? Number(draft.duration.trim()) : null;
  const price = parseAmount(draft.price);
  const hasOperators = draft.allOperators || draft.operatorIds.length > 0;
  if (!name || !description || !duration || price === null || !hasOperators) return null;
  return {
    name,
    description,
    durationMinutes: duration,
    price,
    operatorIds: draft.allOperators ? null : draft.operatorIds,
  };
}

/** The first bound a complete treatment breaks, as the database would say it, or null. */
export function treatmentBoundsError(values: TreatmentValues): string | null {
  const v = texts.validation;
  if (values.name.length > maxLength.name) return tooLong(v.nameTooLong, maxLength.name);
  if (values.description.length > maxLength.description)
    return tooLong(v.descriptionTooLong, maxLength.description);
  const { minDurationMinutes: min, maxDurationMinutes: max } = amountLimits;
  if (values.durationMinutes < min || values.durationMinutes > max)
    return fill(v.durationOutOfRange, { min, max });
  if (values.price > amountLimits.maxPrice) return v.priceOutOfRange;
  return null;
}

/** Choosing 'all' excludes the individual operators (spec §5). */
export function toggleAllOperators(draft: TreatmentDraft, all: boolean): TreatmentDraft {
  return { ...draft, allOperators: all, operatorIds: all ? [] : draft.operatorIds };
}

export function toggleOperator(draft: TreatmentDraft, operatorId: string, chosen: boolean): TreatmentDraft {
  const others = draft.operatorIds.filter((id) => id !== operatorId);
  return { ...draft, allOperators: false, operatorIds: chosen ? [...others, operatorId] : others };
}

/** The value shown in a field with a unit: the unit after it when the field is not focused. */
export function withSuffix(value: string, suffix: string, focused: boolean): string {
  return focused || value.trim() === '' ? value : `${value.trim()}${suffix}`;
}

/** The form of a stored treatment, to edit it: the price with a decimal comma, as typed in Italy. */
export function treatmentDraftOf(treatment: {
  name: string;
  description: string | null;
  duration_minutes: number;
  price: number;
  for_all_operators: boolean;
  operator_ids: string[] | null;
}): TreatmentDraft {
  return {
    name: treatment.name,
    description: treatment.description ?? '',
    duration: String(treatment.duration_minutes),
    price: treatment.price.toFixed(2).replace('.', ','),
    allOperators: treatment.for_all_operators,
    operatorIds: treatment.for_all_operators ? [] : (treatment.operator_ids ?? []),
  };
}
