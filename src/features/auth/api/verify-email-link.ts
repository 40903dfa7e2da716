import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';

export const verifyEmailLinkInputSchema = z.object({
  tokenHash: z.string().min(1),
  type: z.enum(['recovery', 'email', 'magiclink']),
});

export type VerifyEmailLinkInput = z.infer<typeof verifyEmailLinkInputSchema>;

/** Redeems an e-mail link's code (oobCode): signs the account in and returns its e-mail address. */
export async function verifyEmailLink(input: VerifyEmailLinkInput): Promise<{ email: string }> {
  const { tokenHash, type } = verifyEmailLinkInputSchema.parse(input);
  const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) throw ApiError.fromAuth(error);
  return { email: data.user?.email ?? '' };
}

/**
 * A code works once, so it is redeemed through a query: one call per code, however often the
 * screen mounts, and never again.
 */
export const verifyEmailLinkQueryOptions = (input: VerifyEmailLinkInput) =>
  queryOptions({
    queryKey: ['auth', 'verify-email-link', input.type, input.tokenHash],
    queryFn: () => verifyEmailLink(input),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmailLink(input: VerifyEmailLinkInput, enabled = true) {
  return useQuery({ ...verifyEmailLinkQueryOptions(input), enabled });
}
