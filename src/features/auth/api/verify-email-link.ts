import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ApiError } from '@/lib/api-error';
import { callRpc } from '@/lib/rpc';
import { supabase } from '@/lib/supabase';

const verifyEmailLinkInputSchema = z.object({
  /** The link's oobCode; empty when the auth service already signed in through the URL fragment. */
  tokenHash: z.string(),
  type: z.enum(['recovery', 'email', 'magiclink']),
});

type VerifyEmailLinkInput = z.infer<typeof verifyEmailLinkInputSchema>;

/**
 * A client's address confirmation (api.confirm_email_address, e-mailed through the outbox); null when the
 * code is not one of its links, so the auth service's own confirmation is tried.
 */
async function confirmClientAddress(code: string): Promise<{ email: string } | null> {
  try {
    const confirmed = z.object({ email: z.string() }).parse(await callRpc('confirm_email_address', { code }));
    return { email: confirmed.email };
  } catch (error) {
    if (error instanceof ApiError && error.hint === 'otp_expired') return null;
    throw error;
  }
}

/**
 * Redeems an e-mail link: its code (oobCode) signs the account in; a sign-in link that went through
 * the auth service's own /verify arrives with the session in the URL fragment instead, which
 * supabase-js has read by the time getSession() answers. Returns the account's e-mail address.
 */
async function verifyEmailLink(input: VerifyEmailLinkInput): Promise<{ email: string }> {
  const { tokenHash, type } = verifyEmailLinkInputSchema.parse(input);
  if (!tokenHash) {
    const { data, error } = await supabase.auth.getSession();
    if (error) throw ApiError.fromAuth(error);
    if (!data.session || type !== 'magiclink') {
      throw new ApiError({ status: 401, code: 'otp_expired', message: 'link non valido o scaduto' });
    }
    return { email: data.session.user.email ?? '' };
  }
  if (type === 'email') {
    const confirmed = await confirmClientAddress(tokenHash);
    if (confirmed) return confirmed;
  }
  const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) throw ApiError.fromAuth(error);
  // A recovery link proves the address: an account someone else opened with it starts clean.
  if (type === 'recovery') await callRpc('claim_proven_address');
  return { email: data.user?.email ?? '' };
}

/**
 * A code works once, so it is redeemed through a query: one call per code, however often the
 * screen mounts, and never again.
 */
const verifyEmailLinkQueryOptions = (input: VerifyEmailLinkInput) =>
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
