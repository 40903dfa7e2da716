import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { callRpc, type RpcRow } from '@/lib/rpc';

export type ReferralSignal = RpcRow<'merchant_referral_signals'>;

interface ReferralSignals {
  signals: ReferralSignal[];
  /** How many signals there are in all; the database returns at most the first 200. */
  total: number;
  /** The clients named by the returned signals, to mark their cards. */
  flaggedClientIds: ReadonlySet<string>;
}

/** The salon's referral patterns worth a look (never blocking anything), explained in Italian by the database. */
async function listReferralSignals(): Promise<ReferralSignals> {
  const signals = await callRpc('merchant_referral_signals');
  return {
    signals,
    total: signals[0]?.total_signals ?? 0,
    flaggedClientIds: new Set(signals.flatMap((signal) => signal.client_ids)),
  };
}

const referralSignalsQueryOptions = () =>
  queryOptions({
    queryKey: [...merchantLoyaltyKey, 'referral-signals'] as const,
    queryFn: listReferralSignals,
  });

export function useReferralSignals() {
  return useQuery(referralSignalsQueryOptions());
}
