import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

/** Removes an operator; treatments that named it lose it. */
export async function deleteOperator(operatorId: string): Promise<{ message: string }> {
  const id = z.string().check(z.minLength(1)).parse(operatorId);
  return messageSchema.parse(await callRpc('delete_operator', { operator_id: id }));
}

export function useDeleteOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOperator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
