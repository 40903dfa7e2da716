import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { callRpc } from '@/lib/rpc';

const privacyNoticeSchema = z.object({ version: z.string() });

export type PrivacyNotice = z.infer<typeof privacyNoticeSchema>;

/** The version of the privacy notice in force (kept in one place, the database, and recorded with consents). */
async function getPrivacyNotice(): Promise<PrivacyNotice> {
  return privacyNoticeSchema.parse(await callRpc('privacy_notice'));
}

const privacyNoticeQueryOptions = () =>
  queryOptions({ queryKey: ['privacy', 'notice'], queryFn: getPrivacyNotice, staleTime: 60 * 60_000 });

export function usePrivacyNotice() {
  return useQuery(privacyNoticeQueryOptions());
}
