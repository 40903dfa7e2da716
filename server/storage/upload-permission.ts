import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/port.ts';
import { asCaller, ownerUuid, type Caller } from './caller.ts';

export interface ObjectRow {
  id: string;
  bucketId: string;
  key: string;
  metadata: Record<string, unknown>;
  userMetadata: Record<string, unknown> | null;
  version: string;
}

/** The one statement that records an upload; the dry run below runs it too, so both ask the same policies. */
export function insertObject(tx: Queryable, caller: Caller, row: ObjectRow, upsert: boolean) {
  return tx.query(
    `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     ${
       upsert
         ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
              metadata = excluded.metadata, user_metadata = excluded.user_metadata,
              version = excluded.version, updated_at = now(), last_accessed_at = now()`
         : ''
     }`,
    [
      row.id,
      row.bucketId,
      row.key,
      ownerUuid(caller),
      caller.sub ?? null,
      JSON.stringify(row.metadata),
      row.userMetadata ? JSON.stringify(row.userMetadata) : null,
      row.version,
    ],
  );
}

class DryRun extends Error {}

/**
 * As storage-api's testPermission: the insert (or upsert) runs as the caller and is rolled back, so
 * the policies answer before a byte of the body is read or decoded. Throws what the insert would.
 */
export async function checkCanUpload(
  db: Database,
  caller: Caller,
  place: { bucketId: string; key: string },
  upsert: boolean,
): Promise<void> {
  try {
    await asCaller(db, caller, 'upload', async (tx) => {
      const row = { ...place, id: randomUUID(), metadata: {}, userMetadata: null, version: randomUUID() };
      await insertObject(tx, caller, row, upsert);
      throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
}
