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

const batchSize = 100;
const cleanupEveryMilliseconds = 60_000;
const keepMinutes = 10;

/**
 * Follows _realtime.changes: each NOTIFY names a stored change, which is read and handed on in
 * commit order. Changes older than a few minutes are removed.
 */
export async function followChanges(
  db: Database,
  onChange: (change: Change) => Promise<void>,
  onError: (error: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  const pending: number[] = [];
  let draining = false;
  let stopped = false;

  async function drain() {
    if (draining) return;
    draining = true;
    try {
      while (pending.length > 0 && !stopped) {
        const ids = pending.splice(0, batchSize);
        const { rows } = await db.query<{
          id: number;
          schema_name: string;
          table_name: string;
          type: ChangeEvent;
          record: Record<string, unknown> | null;
          old_record: Record<string, unknown> | null;
          commit_timestamp: string;
        }>(
          `select id::float8 as id, schema_name, table_name, type, record, old_record,
                  to_char(commit_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp
             from _realtime.changes where id = any($1::bigint[])`,
          [ids],
          { prepared: true },
        );
        const byId = new Map(rows.map((row) => [Number(row.id), row]));
        for (const id of ids) {
          const row = byId.get(id);
          if (!row || stopped) continue;
          // PGlite answers within the same turn of the event loop: without this pause a burst of changes
          // would run back to back while API requests wait for their next turn.
          await nextTurn();
          await onChange({
            id,
            schema: row.schema_name,
            table: row.table_name,
            type: row.type,
            record: row.record,
            oldRecord: row.old_record,
            commitTimestamp: row.commit_timestamp,
          }).catch(onError);
        }
      }
    } catch (error) {
      if (!stopped) onError(error);
    } finally {
      draining = false;
    }
  }

  const unlisten = await db.listen(changesChannel, (payload) => {
    const id = Number(payload);
    if (!Number.isSafeInteger(id)) return;
    pending.push(id);
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
