import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TestServer } from '../../support/test-server.ts';

/** The release of supabase-js whose own test suites these files port (package-lock.json's). */
export const upstreamRelease = 'supabase/supabase-js v2.109.0';

/** What upstream's `mockUserCredentials()` gives: a fresh address and a password GoTrue accepts. */
export function mockUserCredentials() {
  const id = randomUUID().slice(0, 8);
  return { email: `utente-${id}@example.com`, password: `pass-${randomUUID()}` };
}

/** In-memory session storage, as upstream's clients use. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** upstream's `authClient` / `authClientWithSession`: a GoTrue client keeping its session in memory. */
export function authClient(server: TestServer) {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: true, autoRefreshToken: false, storage: memoryStorage() },
    realtime: { transport: WebSocket as never },
  }).auth;
}

/** upstream's `serviceRoleApiClient`: the admin API with the service role key. */
export function serviceRoleClient(server: TestServer) {
  return createClient(server.url, server.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}
