import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';

/** The one supabase-js client: auth, and rpc on the `api` schema (the only exposed one). */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  db: { schema: 'api' },
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
