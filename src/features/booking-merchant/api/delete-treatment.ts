import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { treatmentsQueryOptions } from '@/features/booking-merchant/api/list-treatments';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** Removes a treatment from what customers can book. */
export async function deleteTreatment(treatmentId: string): Promise<{ message: string }> {
  const id = z.string().check(z.minLength(1)).parse(treatmentId);
  return messageSchema.parse(await callRpc('delete_treatment', { treatment_id: id }));
}

export function useDeleteTreatment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTreatment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: treatmentsQueryOptions().queryKey }),
  });
}
