import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { texts } from '@/lib/texts';

export const updatePasswordInputSchema = z.object({
  password: z.string().check(z.minLength(6, texts.validation.passwordTooShort)),
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
