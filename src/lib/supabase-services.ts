import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import { currentAccessToken, supabase } from '@/lib/supabase';

/**
 * supabase-js's Realtime and Storage clients, for the signed-in areas: they send the session of the
 * auth client in `src/lib/supabase.ts` (one session per tab), and Realtime follows it when it changes.
 */
export const supabaseServices = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  db: { schema: 'api' },
  accessToken: currentAccessToken,
});

supabase.auth.onAuthStateChange((event, session) => {
  if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'SIGNED_OUT') {
    void supabaseServices.realtime.setAuth(session?.access_token ?? null);
  }
});
