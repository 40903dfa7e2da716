import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

const receiptSettingsSchema = z.object({ receipt_number_required: z.boolean() });

/** Whether every purchase and storno needs its fiscal document's number. */
export async function getReceiptSettings() {
  return receiptSettingsSchema.parse(await callRpc('receipt_settings'));
}

export const receiptSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...merchantLoyaltyKey, 'receipt-settings'], queryFn: getReceiptSettings });

export function useReceiptSettings() {
  return useQuery(receiptSettingsQueryOptions());
}

export async function setReceiptNumberRequired(required: boolean): Promise<{ message: string }> {
  return messageSchema.parse(await callRpc('set_receipt_number_required', { required }));
}

export function useSetReceiptNumberRequired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReceiptNumberRequired,
    // The box shows the choice at once; the answer (or a refusal) is read back after.
    onMutate: (required) =>
      queryClient.setQueryData(receiptSettingsQueryOptions().queryKey, { receipt_number_required: required }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: receiptSettingsQueryOptions().queryKey }),
  });
}
