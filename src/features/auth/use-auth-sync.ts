import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whoamiQueryOptions } from '@/features/auth/api/get-whoami';
import { supabase } from '@/lib/supabase';

/** Keeps the cached roles in step with the session: signing in or out anywhere (another tab too) refreshes them. */
export function useAuthSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let lastUserId: string | null | undefined;
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      const userId = session?.user.id ?? null;
      if (lastUserId !== undefined && userId !== lastUserId) {
        void queryClient.invalidateQueries({ queryKey: whoamiQueryOptions().queryKey });
      }
      lastUserId = userId;
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient]);
}
