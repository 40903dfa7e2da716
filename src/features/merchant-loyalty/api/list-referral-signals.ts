import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { count, merchantLoyaltyKey } from '@/features/merchant-loyalty/api/schemas';
import { callRpc } from '@/lib/rpc';

export const referralSignalSchema = z.object({
  kind: z.string(),
  client_ids: z.array(z.string()),
  client_names: z.array(z.string()),
  client_codes: z.array(z.string()),
  evidence: count,
  explanation: z.string(),
  total_signals: count,
});

export type ReferralSignal = z.infer<typeof referralSignalSchema>;

export interface ReferralSignals {
  signals: ReferralSignal[];
  /** How many signals there are in all; the database returns at most the first 200. */
  total: number;
  /** The clients named by the returned signals, to mark their cards. */
  flaggedClientIds: ReadonlySet<string>;
}

/** The salon's referral patterns worth a look (never blocking anything), explained in Italian by the database. */
export async function listReferralSignals(): Promise<ReferralSignals> {
  const signals = z.array(referralSignalSchema).parse(await callRpc<unknown>('merchant_referral_signals'));
  return {
    signals,
    total: signals[0]?.total_signals ?? 0,
    flaggedClientIds: new Set(signals.flatMap((signal) => signal.client_ids)),
  };
}

export const referralSignalsQueryOptions = () =>
  queryOptions({
    queryKey: [...merchantLoyaltyKey, 'referral-signals'] as const,
    queryFn: listReferralSignals,
  });

export function useReferralSignals() {
  return useQuery(referralSignalsQueryOptions());
}
