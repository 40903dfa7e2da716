import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { messageSchema } from '@/lib/api-values';
import { callRpc } from '@/lib/rpc';

export const adjustCreditInputSchema = z.object({
  clientCode: z.string().check(z.minLength(1)),
  amount: z.number(),
  reason: z.string().check(z.trim(), z.minLength(1)),
});

export type AdjustCreditInput = z.input<typeof adjustCreditInputSchema>;

/** Adds (amount > 0) or removes credit by hand with a reason; the database keeps the balance at zero or more. */
export async function adjustCredit(input: AdjustCreditInput): Promise<{ message: string }> {
  const { clientCode, amount, reason } = adjustCreditInputSchema.parse(input);
  return messageSchema.parse(await callRpc('adjust_credit', { client_code: clientCode, amount, reason }));
}

export function useAdjustCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustCredit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantLoyaltyKey }),
  });
}
