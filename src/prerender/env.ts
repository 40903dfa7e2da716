// '@/config/env' in the prerender build: no window on the server. Images resolve against the page's
// own origin, as the app served by server/ builds them.
export const env = { supabaseUrl: '', mainSiteUrl: null };
