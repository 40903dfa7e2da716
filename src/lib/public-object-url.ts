import type { SupabaseClient } from '@supabase/supabase-js';

/** The public buckets whose images the SQL returns as object paths. */
export type ImageBucket = 'loghi' | 'operatori';

/**
 * The address of an object in a public bucket, built by supabase-js on the APIs' origin: the SPA may
 * be served by another host (a static host in front of a hosted project).
 */
export function publicObjectUrl(
  storage: SupabaseClient['storage'],
  bucket: ImageBucket,
  path: string | null | undefined,
): string | null {
  if (!path) return null;
  return storage.from(bucket).getPublicUrl(path).data.publicUrl;
}
