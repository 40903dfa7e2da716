import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { resolveEnv } from '@/config/env-schema';
import { publicObjectUrl } from '@/lib/public-object-url';

const pageOrigin = 'https://app.centro.test';
const apiOrigin = 'https://progetto.supabase.test';

/** The storage client the SPA builds from its env, as src/lib/supabase.ts does. */
function storageFor(runtimeConfig: unknown) {
  const env = resolveEnv({}, runtimeConfig, pageOrigin);
  return createClient(env.supabaseUrl, env.supabaseAnonKey).storage;
}

describe('images from the object paths the SQL returns', () => {
  it('are addressed on the APIs’ origin when config.js names another host than the page', () => {
    const storage = storageFor({ supabaseAnonKey: 'anon', supabaseUrl: apiOrigin });
    expect(publicObjectUrl(storage, 'loghi', 'centro-luna.png')).toBe(
      `${apiOrigin}/storage/v1/object/public/loghi/centro-luna.png`,
    );
    const photo = publicObjectUrl(storage, 'operatori', '7c1d0b9e-1111-4222-8333-944455556666/anna.webp');
    expect(new URL(photo ?? '').origin).toBe(apiOrigin);
    expect(photo).toBe(
      `${apiOrigin}/storage/v1/object/public/operatori/7c1d0b9e-1111-4222-8333-944455556666/anna.webp`,
    );
  });

  it('are addressed on the page’s origin when server/ serves both', () => {
    const storage = storageFor({ supabaseAnonKey: 'anon' });
    expect(publicObjectUrl(storage, 'loghi', 'centro-luna.png')).toBe(
      `${pageOrigin}/storage/v1/object/public/loghi/centro-luna.png`,
    );
  });

  it('are absent when the salon or operator has no image', () => {
    const storage = storageFor({ supabaseAnonKey: 'anon', supabaseUrl: apiOrigin });
    expect(publicObjectUrl(storage, 'loghi', null)).toBeNull();
    expect(publicObjectUrl(storage, 'operatori', undefined)).toBeNull();
    expect(publicObjectUrl(storage, 'operatori', '')).toBeNull();
  });
});
