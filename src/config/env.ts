import { resolveEnv } from '@/config/env-schema';

declare global {
  interface Window {
    /** Set by /config.js, which server/ writes at run time. */
    __PASSAPAROLA_CONFIG__?: unknown;
  }
}

export const env = resolveEnv(import.meta.env, window.__PASSAPAROLA_CONFIG__, window.location.origin);
