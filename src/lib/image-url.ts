import { env } from '@/config/env';
import { publicObjectUrl, type ImageBucket } from '@/lib/public-object-url';

/** The address of a logo or operator photo from the object path the SQL returns (null without one). */
export function imageUrl(bucket: ImageBucket, path: string | null | undefined): string | null {
  return publicObjectUrl(env.supabaseUrl, bucket, path);
}
