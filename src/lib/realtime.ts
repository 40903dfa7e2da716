import { RealtimeClient } from '@supabase/realtime-js';
import { env } from '@/config/env';
import { baseUrl, currentAccessToken, supabase } from '@/lib/supabase';

const url = new URL('realtime/v1', baseUrl);
url.protocol = url.protocol.replace('http', 'ws');

/**
 * supabase-js's Realtime client, as its createClient builds it: the project's key in the socket's URL
 * and the tab's session (src/lib/supabase.ts) on every channel, following it when it changes.
 */
export const realtime = new RealtimeClient(url.href, {
  params: { apikey: env.supabaseAnonKey },
  accessToken: currentAccessToken,
});

void currentAccessToken().then((token) => realtime.setAuth(token));

supabase.auth.onAuthStateChange((event, session) => {
  if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'SIGNED_OUT') {
    void realtime.setAuth(session?.access_token ?? null);
  }
});
