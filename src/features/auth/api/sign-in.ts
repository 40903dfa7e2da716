import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import { ApiError } from '@/lib/api-error';
import { supabase } from '@/lib/supabase';
import { texts } from '@/lib/texts';
import type { Whoami } from '@/lib/whoami';

export const signInInputSchema = z.object({
  email: z.email(texts.validation.emailRequired),
  password: z.string().check(z.minLength(1, texts.validation.passwordRequired)),
});

export type SignInInput = z.infer<typeof signInInputSchema>;

/** Email and password sign-in; resolves to the account's roles (whoami) read right after. */
export async function signIn(input: SignInInput): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword(signInInputSchema.parse(input));
  if (error) throw ApiError.fromAuth(error);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<Whoami> => {
      await signIn(input);
      await queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey });
      return queryClient.fetchQuery({ ...whoamiQueryOptions(), staleTime: 0 });
    },
  });
}
