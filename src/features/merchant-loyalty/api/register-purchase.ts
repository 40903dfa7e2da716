import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { numeric } from '@/lib/api-values';
import { amountLimits } from '@/lib/input-limits';
import { callRpc } from '@/lib/rpc';

const registerPurchaseInputSchema = z.object({
  clientCode: z.string().check(z.trim(), z.minLength(1)),
  spend: z.number().check(z.nonnegative(), z.lte(amountLimits.maxSpend)),
  discount: z.number().check(z.nonnegative()),
  receiptNumber: z.optional(z.string().check(z.trim(), z.maxLength(50))),
});

type RegisterPurchaseInput = z.input<typeof registerPurchaseInputSchema>;

const registeredPurchaseSchema = z.object({
  movement_id: z.string(),
  net: numeric,
  available_credit: numeric,
  message: z.string(),
});

export type RegisteredPurchase = z.infer<typeof registeredPurchaseSchema>;

/** Registers a purchase; the database computes the net and distributes the credit (spec §9). */
export async function registerPurchase(input: RegisterPurchaseInput): Promise<RegisteredPurchase> {
  const { clientCode, spend, discount, receiptNumber } = registerPurchaseInputSchema.parse(input);
  return registeredPurchaseSchema.parse(
    await callRpc('register_purchase', {
      client_code: clientCode,
      spend,
      discount,
      receipt_number: receiptNumber || undefined,
    }),
  );
}

/** After a purchase every figure of the feature may have moved: clients' credit, movements, statistics. */
export function useRegisterPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantLoyaltyKey }),
  });
}
