import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { texts } from '@/lib/texts';

const sendMagicLinkInputSchema = z.object({
  email: z.email(texts.validation.emailRequired),
  redirectTo: z.url(),
});

type SendMagicLinkInput = z.infer<typeof sendMagicLinkInputSchema>;

/** E-mails an existing customer a sign-in link that comes back to `redirectTo` in the app. */
export async function sendMagicLink(input: SendMagicLinkInput): Promise<void> {
  const { email, redirectTo } = sendMagicLinkInputSchema.parse(input);
  const { error } = await supabase.auth.signInWithOtp({
    email,
    options: { emailRedirectTo: redirectTo, shouldCreateUser: false },
  });
  if (error) throw ApiError.fromAuth(error);
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
