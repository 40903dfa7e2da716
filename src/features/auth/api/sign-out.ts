import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearOfflineSnapshots } from '@/lib/offline-snapshot';
import { supabase } from '@/lib/supabase';

/**
 * Ends this browser's session only (scope 'local'), here and on the server: the account's sessions on
 * other devices — the salon's counter tablet — stay signed in. Cached data of the account is dropped,
 * and so is what this device kept to show offline.
 */
export async function signOut(): Promise<void> {
  try {
    await supabase.auth.signOut({ scope: 'local' });
  } finally {
    clearOfflineSnapshots();
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => queryClient.clear(),
  });
}
