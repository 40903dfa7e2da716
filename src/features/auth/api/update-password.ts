import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { env } from '@/config/env';
import { ApiError } from '@/lib/api-error';
import { passwordRule } from '@/lib/input-rules';
import { supabase } from '@/lib/supabase';

export const updatePasswordInputSchema = z.object({
  password: passwordRule(env.minimumPasswordLength),
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
