import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { resolveEnv } from '@/config/env-schema';
import { publicObjectUrl, type ImageBucket } from '@/lib/public-object-url';

const pageOrigin = 'https://app.centro.test';
const apiOrigin = 'https://progetto.supabase.test';

/** The APIs' URL the SPA resolves from its config.js, as src/lib/image-url.ts uses it. */
const apiUrlFor = (runtimeConfig: unknown) => resolveEnv({}, runtimeConfig, pageOrigin).supabaseUrl;

describe('images from the object paths the SQL returns', () => {
  it('are addressed on the APIs’ origin when config.js names another host than the page', () => {
    const url = apiUrlFor({ supabaseAnonKey: 'anon', supabaseUrl: apiOrigin });
    expect(publicObjectUrl(url, 'loghi', 'centro-luna.png')).toBe(
      `${apiOrigin}/storage/v1/object/public/loghi/centro-luna.png`,
    );
    const photo = publicObjectUrl(url, 'operatori', '7c1d0b9e-1111-4222-8333-944455556666/anna.webp');
    expect(photo).toBe(
      `${apiOrigin}/storage/v1/object/public/operatori/7c1d0b9e-1111-4222-8333-944455556666/anna.webp`,
    );
  });

  it('are addressed on the page’s origin when server/ serves both', () => {
    const url = apiUrlFor({ supabaseAnonKey: 'anon' });
    expect(publicObjectUrl(url, 'loghi', 'centro-luna.png')).toBe(
      `${pageOrigin}/storage/v1/object/public/loghi/centro-luna.png`,
    );
  });

  it('are absent when the salon or operator has no image', () => {
    const url = apiUrlFor({ supabaseAnonKey: 'anon', supabaseUrl: apiOrigin });
    expect(publicObjectUrl(url, 'loghi', null)).toBeNull();
    expect(publicObjectUrl(url, 'operatori', undefined)).toBeNull();
    expect(publicObjectUrl(url, 'operatori', '')).toBeNull();
  });

  it.each<[string, ImageBucket, string]>([
    [apiOrigin, 'loghi', 'centro-luna.png'],
    [`${apiOrigin}/`, 'operatori', '/uno/Anna Maria è.webp'],
    [pageOrigin, 'operatori', 'a b/c%d#e.png'],
  ])('equal what storage-js’s getPublicUrl builds (%s, %s, %s)', (url, bucket, path) => {
    const storage = createClient(url, 'anon').storage;
    expect(publicObjectUrl(url, bucket, path)).toBe(storage.from(bucket).getPublicUrl(path).data.publicUrl);
  });
});
