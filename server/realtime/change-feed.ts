import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/port.ts';
import type { ChangeEvent } from './channel.ts';
import { changesChannel } from './change-capture.ts';
import { nextTurn } from './next-turn.ts';

export interface Change {
  id: number;
  schema: string;
  table: string;
  type: ChangeEvent;
  record: Record<string, unknown> | null;
  oldRecord: Record<string, unknown> | null;
  /** UTC, millisecond precision, `Z`. */
  commitTimestamp: string;
}

/** A change as the trigger writes it, in a NOTIFY payload or a row of _realtime.changes. */
interface StoredChange {
  id: number;
  schema: string;
  table: string;
  type: ChangeEvent;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: string;
}

/**
 * Changes handed on together: one visibility check serves them all. Small enough that, on PGlite, an
 * API request waits for little more than one batch's statements.
 */
export const changesPerBatch = 20;
const cleanupEveryMilliseconds = 60_000;
const keepMinutes = 10;

const fromStored = (stored: StoredChange): Change => ({
  id: Number(stored.id),
  schema: stored.schema,
  table: stored.table,
  type: stored.type,
  record: stored.record,
  oldRecord: stored.old_record,
  commitTimestamp: stored.commit_timestamp,
});

const signatureLength = 64;
const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

/** Whether `signature` (hex) is sha256(key || sha256(key || change)), as the capture trigger signs. */
function signedWith(key: Buffer, signature: string, change: string): boolean {
  const expected = sha256(key, sha256(key, Buffer.from(change, 'utf8')));
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The change itself (when it fit in the payload, signed) or the id under which it was stored. Anyone
 * connected to the database may NOTIFY: an unsigned or badly signed change is ignored.
 */
function parseNotice(payload: string, key: Buffer): Change | number | undefined {
  if (payload[signatureLength] === '{') {
    const change = payload.slice(signatureLength);
    if (!signedWith(key, payload.slice(0, signatureLength), change)) return undefined;
    try {
      return fromStored(JSON.parse(change) as StoredChange);
    } catch {
      return undefined;
    }
  }
  const id = /^\d+$/.test(payload) ? Number(payload) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

async function fetchStored(db: Database, ids: number[]): Promise<Map<number, Change>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<StoredChange>(
    `select id::float8 as id, schema_name as "schema", table_name as "table", type, record, old_record,
            to_char(commit_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp
       from _realtime.changes where id = any($1::bigint[])`,
    [ids],
    { prepared: true },
  );
  return new Map(rows.map((row) => [Number(row.id), fromStored(row)]));
}

/**
 * Follows the NOTIFYs of the capture trigger and hands the changes on in commit order, in batches: a
 * change that fit in its notification as it came (once its signature is checked), a larger one read
 * from _realtime.changes. Stored
 * changes older than a few minutes are removed.
 */
export async function followChanges(
  db: Database,
  onChanges: (changes: Change[]) => Promise<void>,
  onError: (error: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  const pending: (Change | number)[] = [];
  let draining = false;
  let stopped = false;

  async function drain() {
    if (draining) return;
    draining = true;
    try {
      while (pending.length > 0 && !stopped) {
        // Notifications of one commit arrive together: one turn later they are all here, one batch. And
        // PGlite answers within the same turn of the event loop: without this pause a burst of changes
        // would run back to back while API requests wait for their next turn.
        await nextTurn();
        const batch = pending.splice(0, changesPerBatch);
        const stored = await fetchStored(
          db,
          batch.filter((item) => typeof item === 'number'),
        );
        const changes = batch
          .map((item) => (typeof item === 'number' ? stored.get(item) : item))
          .filter((change) => change !== undefined);
        if (changes.length > 0 && !stopped) await onChanges(changes).catch(onError);
      }
    } catch (error) {
      if (!stopped) onError(error);
    } finally {
      draining = false;
    }
  }

  const { rows } = await db.query<{ key: Uint8Array }>('select key from _realtime.notice_key');
  const key = Buffer.from(rows[0]!.key);
  const unlisten = await db.listen(changesChannel, (payload) => {
    const notice = parseNotice(payload, key);
    if (notice === undefined) return;
    pending.push(notice);
    void drain();
  });
  const cleanup = setInterval(() => {
    db.query(
      `delete from _realtime.changes where commit_timestamp < now() - interval '${keepMinutes} minutes'`,
    ).catch(onError);
  }, cleanupEveryMilliseconds);
  cleanup.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(cleanup);
      await unlisten();
    },
  };
}
