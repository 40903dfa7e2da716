import type { Queryable } from '../db/port.ts';
import { entityTooLarge, invalidMimeType, noSuchBucket } from './storage-error.ts';

export interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/** The bucket's settings, read as the server (buckets have RLS and no policies, as on Supabase). */
export async function findBucket(db: Queryable, bucketId: string): Promise<Bucket> {
  const { rows } = await db.query<Bucket>(
    `select id, coalesce(public, false) as public, file_size_limit::float8 as file_size_limit, allowed_mime_types
       from storage.buckets where id = $1`,
    [bucketId],
  );
  if (!rows[0]) throw noSuchBucket();
  return rows[0];
}

/** The smaller of the bucket's and the global size cap. */
function sizeLimitOf(bucket: Bucket, globalLimit: number): number {
  return Math.min(bucket.file_size_limit ?? globalLimit, globalLimit);
}

/**
 * Refuses a body whose declared length is over the size cap before it is read. A multipart envelope
 * adds a few hundred bytes around the file, so the declared length may pass and the file still fail.
 */
export function checkDeclaredSize(
  bucket: Bucket,
  globalLimit: number,
  contentLength: string | undefined,
): void {
  const declared = Number(contentLength);
  if (Number.isFinite(declared) && declared > sizeLimitOf(bucket, globalLimit) + multipartAllowance)
    throw entityTooLarge();
}

const multipartAllowance = 64 * 1024;

/**
 * The bucket's and the global size cap, and its allowed types: `type/subtype` exactly (parameters are
 * not stripped, as storage-api does not) or `type/*`.
 */
export function checkUploadLimits(bucket: Bucket, globalLimit: number, size: number, mimetype: string): void {
  if (size > sizeLimitOf(bucket, globalLimit)) throw entityTooLarge();
  const allowed = bucket.allowed_mime_types;
  if (!allowed || allowed.length === 0) return;
  const [type] = mimetype.split('/');
  const ok = allowed.some(
    (entry) => entry === mimetype || (entry.endsWith('/*') && entry.slice(0, -2) === type),
  );
  if (!ok) throw invalidMimeType(mimetype);
}
