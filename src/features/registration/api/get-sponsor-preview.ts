import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { callRpc } from '@/lib/rpc';

const sponsorPreviewSchema = z.object({ name: z.nullable(z.string()) });

/** The first name and initial of the sponsor of a referral link ('Maria R.'); null when the code is unknown. */
async function getSponsorPreview(merchantSlug: string, sponsorCode: string): Promise<string | null> {
  const { name } = sponsorPreviewSchema.parse(
    await callRpc('sponsor_preview', { merchant_slug: merchantSlug, sponsor_code: sponsorCode }),
  );
  return name;
}

const sponsorPreviewQueryOptions = (merchantSlug: string, sponsorCode: string) =>
  queryOptions({
    queryKey: ['registration', merchantSlug, 'sponsor', sponsorCode],
    queryFn: () => getSponsorPreview(merchantSlug, sponsorCode),
    enabled: sponsorCode.trim() !== '',
    staleTime: 10 * 60_000,
  });

export function useSponsorPreview(merchantSlug: string, sponsorCode: string) {
  return useQuery(sponsorPreviewQueryOptions(merchantSlug, sponsorCode));
}
