import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { amount, merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { maxLength } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

export const reversePurchaseInputSchema = z.object({
  movementId: z.string().min(1),
  reason: z.string().trim().min(1).max(maxLength.note),
});

export type ReversePurchaseInput = z.input<typeof reversePurchaseInputSchema>;

const reversedPurchaseSchema = z.object({
  reversal_id: z.string(),
  available_credit: amount,
  message: z.string(),
});

/** Reverses a purchase: the database takes back its credits and returns the discount, at most once. */
export async function reversePurchase(input: ReversePurchaseInput) {
  const { movementId, reason } = reversePurchaseInputSchema.parse(input);
  return reversedPurchaseSchema.parse(
    await callRpc<unknown>('reverse_purchase', { movement_id: movementId, reason }),
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

const movementReversalSchema = z.object({
  movement_id: z.string(),
  /** Set on a reversed purchase: the reversing movement. */
  reversed_by: z.string().nullable(),
  /** Set on a reversing movement: the purchase it reverses. */
  reversal_of: z.string().nullable(),
  reason: z.string(),
  reversed_at: z.string(),
});

export type MovementReversal = z.infer<typeof movementReversalSchema>;

/** The reversal state of these movements, by movement id (absent: an ordinary purchase). */
export async function getMovementReversals(movementIds: readonly string[]) {
  if (movementIds.length === 0) return new Map<string, MovementReversal>();
  const rows = z
    .array(movementReversalSchema)
    .parse(await callRpc<unknown>('movement_reversals', { movement_ids: movementIds }));
  return new Map(rows.map((row) => [row.movement_id, row]));
}

export function useMovementReversals(movementIds: readonly string[]) {
  return useQuery({
    queryKey: [...merchantLoyaltyKey, 'movement-reversals', movementIds],
    queryFn: () => getMovementReversals(movementIds),
    placeholderData: keepPreviousData,
  });
}
