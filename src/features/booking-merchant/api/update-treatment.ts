import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { addTreatmentInputSchema } from '@/features/booking-merchant/api/add-treatment';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const updateTreatmentInputSchema = z.extend(addTreatmentInputSchema, {
  treatmentId: z.string().check(z.minLength(1)),
});

type UpdateTreatmentInput = z.input<typeof updateTreatmentInputSchema>;

/** Changes a treatment in place: every field and who performs it. */
async function updateTreatment(input: UpdateTreatmentInput): Promise<{ message: string }> {
  const { treatmentId, name, description, durationMinutes, price, operatorIds, resourceIds, ...timing } =
    updateTreatmentInputSchema.parse(input);
  const updated = messageSchema.parse(
    await callRpc('update_treatment', {
      treatment_id: treatmentId,
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
  await callRpc('set_treatment_resources', { treatment_id: treatmentId, resource_ids: resourceIds });
  return updated;
}

export function useUpdateTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTreatment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
