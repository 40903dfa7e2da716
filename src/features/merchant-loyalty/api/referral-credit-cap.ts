import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { callRpc } from '@/lib/rpc';

/** The most credit a sponsor earns from referrals in a month; null: no cap (the database decides the range). */
const referralCreditCapSchema = z.object({ cap: z.nullable(z.coerce.number()) });

const referralCreditCapKey = [...merchantLoyaltyKey, 'referral-credit-cap'] as const;

const referralCreditCapQueryOptions = () =>
  queryOptions({
    queryKey: referralCreditCapKey,
    queryFn: async () => referralCreditCapSchema.parse(await callRpc('referral_credit_cap')),
  });

export function useReferralCreditCap() {
  return useQuery(referralCreditCapQueryOptions());
}

async function setReferralCreditCap(cap: number | null) {
  return referralCreditCapSchema.parse(await callRpc('set_referral_credit_cap', { cap }));
}

export function useSetReferralCreditCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReferralCreditCap,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralCreditCapKey }),
  });
}
