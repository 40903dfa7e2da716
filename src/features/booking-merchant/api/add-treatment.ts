import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { amountLimits, maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

export const addTreatmentInputSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength.name)),
  description: z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength.description)),
  durationMinutes: z
    .number()
    .check(z.int(), z.gte(amountLimits.minDurationMinutes), z.lte(amountLimits.maxDurationMinutes)),
  price: z.number().check(z.nonnegative(), z.lte(amountLimits.maxPrice)),
  /** null: every operator, present and future. */
  operatorIds: z.nullable(z.array(z.string().check(z.minLength(1))).check(z.minLength(1))),
  bufferMinutes: z.number().check(z.int(), z.gte(0), z.lte(60)),
  processingOffsetMinutes: z.nullable(z.number().check(z.int(), z.positive())),
  processingMinutes: z.nullable(z.number().check(z.int(), z.positive())),
  resourceIds: z.array(z.string().check(z.minLength(1))),
});

type AddTreatmentInput = z.input<typeof addTreatmentInputSchema>;

/** Registers a treatment for all operators or for the ones chosen. */
export async function addTreatment(input: AddTreatmentInput): Promise<{ message: string }> {
  const { name, description, durationMinutes, price, operatorIds, resourceIds, ...timing } =
    addTreatmentInputSchema.parse(input);
  const added = addedSchema.parse(
    await callRpc('add_treatment', {
      name,
      description,
      duration_minutes: durationMinutes,
      price,
      operator_ids: operatorIds,
      buffer_minutes: timing.bufferMinutes,
      processing_offset_minutes: timing.processingOffsetMinutes,
      processing_minutes: timing.processingMinutes,
    }),
  );
  if (resourceIds.length > 0)
    await callRpc('set_treatment_resources', { treatment_id: added.id, resource_ids: resourceIds });
  return added;
}

const addedSchema = z.extend(messageSchema, { id: z.string() });

export function useAddTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTreatment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
