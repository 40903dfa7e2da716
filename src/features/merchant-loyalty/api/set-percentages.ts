import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { percentagesQueryOptions } from '@/features/merchant-loyalty/api/get-percentages';
import { callRpc } from '@/lib/rpc';

const percentage = z.number().check(z.gte(0), z.lte(100));

const setPercentagesInputSchema = z.object({
  personal: percentage,
  sponsor1: percentage,
  sponsor2: percentage,
  sponsor3: percentage,
});

type SetPercentagesInput = z.infer<typeof setPercentagesInputSchema>;

/** Saves the four credit percentages, each between 0 and 100. */
export async function setPercentages(input: SetPercentagesInput): Promise<void> {
  const { personal, sponsor1, sponsor2, sponsor3 } = setPercentagesInputSchema.parse(input);
  await callRpc('set_percentages', { personal, sponsor1, sponsor2, sponsor3 });
}

export function useSetPercentages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPercentages,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: percentagesQueryOptions().queryKey }),
  });
}
