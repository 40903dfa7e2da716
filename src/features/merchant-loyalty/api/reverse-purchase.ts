import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { numeric } from '@/lib/api-values';
import { maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

const reversePurchaseInputSchema = z.object({
  movementId: z.string().check(z.minLength(1)),
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength.note)),
  receiptNumber: z.optional(z.string().check(z.trim(), z.maxLength(50))),
});

type ReversePurchaseInput = z.input<typeof reversePurchaseInputSchema>;

const reversedPurchaseSchema = z.object({
  reversal_id: z.string(),
  available_credit: numeric,
  message: z.string(),
});

/** Reverses a purchase: the database takes back its credits and returns the discount, at most once. */
async function reversePurchase(input: ReversePurchaseInput) {
  const { movementId, reason, receiptNumber } = reversePurchaseInputSchema.parse(input);
  return reversedPurchaseSchema.parse(
    await callRpc('reverse_purchase', {
      movement_id: movementId,
      reason,
      receipt_number: receiptNumber || undefined,
    }),
  );
}

/** After a reversal every figure of the feature may have moved: credit, movements, statistics. */
export function useReversePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reversePurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantLoyaltyKey }),
  });
}
