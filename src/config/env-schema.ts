import * as z from 'zod/mini';
import { defaultMinimumPasswordLength, maxLength } from '@/lib/input-limits';

const passwordLength = z.int().check(z.gte(6), z.lte(maxLength.password));

const runtimeSchema = z.object({
  /** The APIs' address when they are not the page's origin (the SPA on a static host). */
  supabaseUrl: z.optional(z.url()),
  supabaseAnonKey: z.string().check(z.minLength(1)),
  mainSiteUrl: z.nullish(z.url()),
  /** config.toml's [auth] minimum_password_length, written by server/. */
  minimumPasswordLength: z.optional(passwordLength),
  /** Web Push's VAPID public key (base64url), written by server/. */
  vapidPublicKey: z.optional(z.string().check(z.minLength(1))),
});

const buildSchema = z.object({
  VITE_SUPABASE_URL: z.optional(z.url()),
  VITE_SUPABASE_ANON_KEY: z.optional(z.string().check(z.minLength(1))),
  VITE_MAIN_SITE_URL: z.optional(z.url()),
  VITE_MINIMUM_PASSWORD_LENGTH: z.optional(z.pipe(z.coerce.number(), passwordLength)),
  VITE_VAPID_PUBLIC_KEY: z.optional(z.string().check(z.minLength(1))),
});

interface Env {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** The product's public site: 'Esci' and unknown paths lead there. */
  mainSiteUrl: string | null;
  /** The shortest password the auth service and the SQL accept. */
  minimumPasswordLength: number;
  /** The key phones subscribe to notifications with; null: notifications on the phone are off. */
  vapidPublicKey: string | null;
}

/**
 * Served by server/: the APIs share the SPA's origin and /config.js brings the anon key and the
 * password minimum. On a static host in front of a hosted project, its own /config.js also names the
 * project's URL. Built for a hosted Supabase: the VITE_ variables baked in at build time.
 */
export function resolveEnv(buildVariables: unknown, runtimeConfig: unknown, origin: string): Env {
  const built = buildSchema.parse(buildVariables);
  const runtime = runtimeSchema.safeParse(runtimeConfig);
  if (runtime.success) {
    return {
      supabaseUrl: runtime.data.supabaseUrl ?? origin,
      supabaseAnonKey: runtime.data.supabaseAnonKey,
      mainSiteUrl: runtime.data.mainSiteUrl ?? built.VITE_MAIN_SITE_URL ?? null,
      minimumPasswordLength:
        runtime.data.minimumPasswordLength ??
        built.VITE_MINIMUM_PASSWORD_LENGTH ??
        defaultMinimumPasswordLength,
      vapidPublicKey: runtime.data.vapidPublicKey ?? built.VITE_VAPID_PUBLIC_KEY ?? null,
    };
  }
  if (built.VITE_SUPABASE_URL && built.VITE_SUPABASE_ANON_KEY) {
    return {
      supabaseUrl: built.VITE_SUPABASE_URL,
      supabaseAnonKey: built.VITE_SUPABASE_ANON_KEY,
      mainSiteUrl: built.VITE_MAIN_SITE_URL ?? null,
      minimumPasswordLength: built.VITE_MINIMUM_PASSWORD_LENGTH ?? defaultMinimumPasswordLength,
      vapidPublicKey: built.VITE_VAPID_PUBLIC_KEY ?? null,
    };
  }
  throw new Error('Configurazione mancante: /config.js oppure VITE_SUPABASE_URL e VITE_SUPABASE_ANON_KEY.');
}
