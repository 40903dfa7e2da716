import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** Ends the session here and on the server; cached data of the account is dropped. */
export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut();
  // A session the server no longer knows is signed out locally all the same.
  if (error) await supabase.auth.signOut({ scope: 'local' });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  });
}
