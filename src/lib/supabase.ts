import { PostgrestClient } from '@supabase/postgrest-js';
import { AuthClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/lib/database.types';

/**
 * Where supabase-js keeps the session in localStorage: its own default name, spelt out so the app
 * can tell whose device this is while offline (src/lib/offline-snapshot.ts).
 */
export const authStorageKey = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`;

/** The project's URL with one trailing slash, as supabase-js resolves its services against it. */
export const baseUrl = env.supabaseUrl.replace(/\/*$/, '/');
const keyHeaders = { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` };

const auth = new AuthClient({
  url: new URL('auth/v1', baseUrl).href,
  headers: keyHeaders,
  storageKey: authStorageKey,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
});

/** The signed-in user's access token, or the anon key: what every request beyond auth carries. */
export async function currentAccessToken(): Promise<string> {
  const { data } = await auth.getSession();
  return data.session?.access_token ?? env.supabaseAnonKey;
}

/** fetch with the project's key and the caller's session, as supabase-js sends every API request. */
export async function fetchWithSession(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set('apikey', env.supabaseAnonKey);
  headers.set('Authorization', `Bearer ${await currentAccessToken()}`);
  return fetch(input, { ...init, headers });
}

const rest = new PostgrestClient<Database, { PostgrestVersion: '12' }, 'api'>(
  new URL('rest/v1', baseUrl).href,
  { schema: 'api', fetch: fetchWithSession },
);

/**
 * The client the public and sign-in screens need: supabase-js's auth, and rpc on the `api` schema
 * (the only exposed one). Realtime (`src/lib/realtime.ts`), which the areas' screens use, and Storage
 * (`src/lib/storage.ts`), which only uploads use, are apart, so a page downloads neither until it needs it.
 */
export const supabase = {
  auth,
  rpc: rest.rpc.bind(rest),
};
