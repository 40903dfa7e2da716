import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { callRpc } from '@/lib/rpc';

/** The days after a purchase during which the merchant may still reverse it (the database: 1..365). */
export const reversalWindowLimits = { min: 1, max: 365 } as const;

const reversalWindowSchema = z.object({ days: z.number().check(z.int()) });

const reversalWindowKey = [...merchantLoyaltyKey, 'reversal-window'] as const;

const reversalWindowQueryOptions = () =>
  queryOptions({
    queryKey: reversalWindowKey,
    queryFn: async () => reversalWindowSchema.parse(await callRpc('get_reversal_window')),
  });

export function useReversalWindow() {
  return useQuery(reversalWindowQueryOptions());
}

async function setReversalWindow(days: number) {
  const valid = z
    .number()
    .check(z.int(), z.gte(reversalWindowLimits.min), z.lte(reversalWindowLimits.max))
    .parse(days);
  return reversalWindowSchema.parse(await callRpc('set_reversal_window', { days: valid }));
}

export function useSetReversalWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReversalWindow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reversalWindowKey }),
  });
}
