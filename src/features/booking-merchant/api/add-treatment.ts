import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { treatmentsQueryOptions } from '@/features/booking-merchant/api/list-treatments';
import { messageSchema } from '@/lib/api-values';
import { amountLimits, maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

export const addTreatmentInputSchema = z.object({
  name: z.string().trim().min(1).max(maxLength.name),
  description: z.string().trim().min(1).max(maxLength.description),
  durationMinutes: z.number().int().min(amountLimits.minDurationMinutes).max(amountLimits.maxDurationMinutes),
  price: z.number().nonnegative().max(amountLimits.maxPrice),
  /** null: every operator, present and future. */
  operatorIds: z.array(z.string().min(1)).min(1).nullable(),
});

export type AddTreatmentInput = z.input<typeof addTreatmentInputSchema>;

/** Registers a treatment for all operators or for the ones chosen. */
export async function addTreatment(input: AddTreatmentInput): Promise<{ message: string }> {
  const { name, description, durationMinutes, price, operatorIds } = addTreatmentInputSchema.parse(input);
  return messageSchema.parse(
    await callRpc('add_treatment', {
      name,
      description,
      duration_minutes: durationMinutes,
      price,
      operator_ids: operatorIds,
    }),
  );
}

export function useAddTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTreatment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: treatmentsQueryOptions().queryKey }),
  });
}
