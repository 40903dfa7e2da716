import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import { clearOfflineSnapshots } from '@/lib/offline-snapshot';
import { supabase } from '@/lib/supabase';

/**
 * Keeps the cached roles in step with the session: signing in or out anywhere (another tab too) refreshes
 * them, and signing out forgets the offline snapshot.
 */
export function useAuthSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let lastUserId: string | null | undefined;
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      const userId = session?.user.id ?? null;
      if (lastUserId !== undefined && userId !== lastUserId) {
        void queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey });
      }
      // Signed out (here, in another tab, or by the server): nothing of the account stays for offline.
      if (event === 'SIGNED_OUT') clearOfflineSnapshots();
      lastUserId = userId;
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);
}
