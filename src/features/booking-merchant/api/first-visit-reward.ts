import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { settingsKey } from '@/features/booking-merchant/api/schemas';
import { callRpc } from '@/lib/rpc';

/** The credit a sponsor earns for a friend's first visit; null: no reward (the database decides the range). */
const firstVisitRewardSchema = z.object({ amount: z.nullable(z.coerce.number()) });

const savedRewardSchema = z.object({ amount: z.nullable(z.coerce.number()), message: z.string() });

const firstVisitRewardQueryOptions = () =>
  queryOptions({
    queryKey: [...settingsKey, 'first-visit-reward'],
    queryFn: async () => firstVisitRewardSchema.parse(await callRpc('first_visit_reward')),
  });

export function useFirstVisitReward() {
  return useQuery(firstVisitRewardQueryOptions());
}

/** Sets the reward; null or 0 turns it off. */
async function setFirstVisitReward(amount: number | null) {
  const answer = await callRpc('set_first_visit_reward', { amount });
  return savedRewardSchema.parse(answer);
}

export function useSetFirstVisitReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFirstVisitReward,
    onSettled: () => queryClient.invalidateQueries({ queryKey: firstVisitRewardQueryOptions().queryKey }),
  });
}
