import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/lib/database.types';

/**
 * Where supabase-js keeps the session in localStorage: its own default name, spelt out so the app
 * can tell whose device this is while offline (src/lib/offline-snapshot.ts).
 */
export const authStorageKey = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`;

/** The one supabase-js client: auth, and rpc on the `api` schema (the only exposed one). */
export const supabase = createClient<Database, 'api'>(env.supabaseUrl, env.supabaseAnonKey, {
  db: { schema: 'api' },
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: authStorageKey,
  },
});
