import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { texts } from '@/lib/texts';

export const updatePasswordInputSchema = z.object({
  password: z.string().min(6, texts.validation.passwordTooShort),
});

export type UpdatePasswordInput = z.infer<typeof updatePasswordInputSchema>;

/** Sets the signed-in account's new password (after a recovery link signed it in). */
export async function updatePassword(input: UpdatePasswordInput): Promise<void> {
  const { error } = await supabase.auth.updateUser(updatePasswordInputSchema.parse(input));
  if (error) throw ApiError.fromAuth(error);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
