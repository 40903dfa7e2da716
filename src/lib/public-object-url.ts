/** The public buckets whose images the SQL returns as object paths. */
export type ImageBucket = 'loghi' | 'operatori';

/**
 * The address of an object in a public bucket on the APIs' origin (the SPA may be served by another
 * host, a static host in front of a hosted project): what storage-js's getPublicUrl builds, without
 * downloading storage-js on the sign-in pages that show the salon's logo.
 */
export function publicObjectUrl(
  supabaseUrl: string,
  bucket: ImageBucket,
  path: string | null | undefined,
): string | null {
  if (!path) return null;
  return encodeURI(
    `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${path.replace(/^\/+/, '')}`,
  );
}
