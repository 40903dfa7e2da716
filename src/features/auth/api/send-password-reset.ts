import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { texts } from '@/lib/texts';

const sendPasswordResetInputSchema = z.object({
  email: z.email(texts.validation.emailRequired),
  redirectTo: z.url(),
});

type SendPasswordResetInput = z.infer<typeof sendPasswordResetInputSchema>;

/** E-mails the recovery link; it opens the app's action route with mode=resetPassword and an oobCode. */
export async function sendPasswordReset(input: SendPasswordResetInput): Promise<void> {
  const { email, redirectTo } = sendPasswordResetInputSchema.parse(input);
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw ApiError.fromAuth(error);
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
