import { z } from 'zod';
import type { Database } from '../db/port.ts';
import { checkBucketId } from './object-key.ts';

const units: Record<string, number> = {
  b: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** "5MiB", "50MB", "1024" or a number of bytes, as the Supabase CLI reads sizes. */
export function parseSize(value: string | number): number {
  if (typeof value === 'number') return value;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const factor = units[(match?.[2] || 'b').toLowerCase()];
  if (!match || factor === undefined) throw new Error(`Invalid size in config.toml: ${value}`);
  return Math.floor(Number(match[1]) * factor);
}

const size = z.union([z.string(), z.number()]).transform(parseSize);

const storageSchema = z.object({
  file_size_limit: size.default(50 * 1024 ** 2),
  buckets: z
    .record(
      z.string(),
      z.object({
        public: z.boolean().default(false),
        file_size_limit: size.optional(),
        allowed_mime_types: z.array(z.string()).optional(),
      }),
    )
    .default({}),
});

export type StorageSettings = z.infer<typeof storageSchema>;

/** The `[storage]` section of supabase/config.toml. */
export function storageSettings(section: Record<string, unknown>): StorageSettings {
  return storageSchema.parse(section);
}

/** Creates or updates the buckets config.toml declares, as `supabase start` does. */
export async function syncConfiguredBuckets(db: Database, settings: StorageSettings): Promise<void> {
  for (const [id, bucket] of Object.entries(settings.buckets)) {
    await db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [checkBucketId(id), bucket.public, bucket.file_size_limit ?? null, bucket.allowed_mime_types ?? null],
    );
  }
}
