import * as z from 'zod/mini';

declare global {
  interface Window {
    /** Set by /config.js, which server/ writes at run time. */
    __PASSAPAROLA_CONFIG__?: unknown;
  }
}

const runtimeSchema = z.object({
  supabaseAnonKey: z.string().check(z.minLength(1)),
  mainSiteUrl: z.nullish(z.url()),
});

const buildSchema = z.object({
  VITE_SUPABASE_URL: z.optional(z.url()),
  VITE_SUPABASE_ANON_KEY: z.optional(z.string().check(z.minLength(1))),
  VITE_MAIN_SITE_URL: z.optional(z.url()),
});

export interface Env {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** The product's public site: 'Esci' and unknown paths lead there. */
  mainSiteUrl: string | null;
}

/**
 * Served by server/: the APIs share the SPA's origin and /config.js brings the anon key.
 * Built for a hosted Supabase: the VITE_ variables baked in at build time.
 */
function loadEnv(): Env {
  const built = buildSchema.parse(import.meta.env);
  const runtime = runtimeSchema.safeParse(window.__PASSAPAROLA_CONFIG__);
  if (runtime.success) {
    return {
      supabaseUrl: window.location.origin,
      supabaseAnonKey: runtime.data.supabaseAnonKey,
      mainSiteUrl: runtime.data.mainSiteUrl ?? built.VITE_MAIN_SITE_URL ?? null,
    };
  }
  if (built.VITE_SUPABASE_URL && built.VITE_SUPABASE_ANON_KEY) {
    return {
      supabaseUrl: built.VITE_SUPABASE_URL,
      supabaseAnonKey: built.VITE_SUPABASE_ANON_KEY,
      mainSiteUrl: built.VITE_MAIN_SITE_URL ?? null,
    };
  }
  throw new Error('Configurazione mancante: /config.js oppure VITE_SUPABASE_URL e VITE_SUPABASE_ANON_KEY.');
}

export const env = loadEnv();
