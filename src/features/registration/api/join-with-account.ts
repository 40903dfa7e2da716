import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { joinMerchantInputSchema, type JoinMerchantResult } from '@/features/registration/api/join-merchant';
import { ApiError } from '@/lib/api-error';
import { isClientOf, joinSalonAsSignedIn } from '@/lib/join-salon';
import { supabase } from '@/lib/supabase';
import { texts } from '@/lib/texts';

const joinWithAccountInputSchema = z.object({
  ...z.omit(joinMerchantInputSchema, { password: true }).shape,
  password: z.string().check(z.minLength(1, texts.validation.passwordRequired)),
});

type JoinWithAccountInput = z.input<typeof joinWithAccountInputSchema>;

/**
 * Registration with the e-mail of an existing account (a customer of another salon): signs in with
 * that account's password, then joins this salon with it. Null when the account already belongs here.
 */
export async function joinWithAccount(input: JoinWithAccountInput): Promise<JoinMerchantResult | null> {
  const { merchantSlug, name, email, password, phone, sponsorCode, privacyAccepted, marketingAccepted } =
    joinWithAccountInputSchema.parse(input);
  await supabase.auth.signOut({ scope: 'local' });
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw ApiError.fromAuth(error);
  try {
    if (await isClientOf(merchantSlug)) return null;
    return await joinSalonAsSignedIn({
      merchantSlug,
      name,
      phone,
      sponsorCode,
      privacyAccepted,
      marketingAccepted,
    });
  } catch (failure) {
    // Nothing was joined: the form stays as it was, signed out.
    await supabase.auth.signOut({ scope: 'local' });
    throw failure;
  }
}

export function useJoinWithAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWithAccount,
    // The account's memberships changed: whoami and every cached screen are read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
