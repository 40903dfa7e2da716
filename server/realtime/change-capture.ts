import { readFileSync } from 'node:fs';
import type { Database } from '../db/port.ts';

const captureSql = readFileSync(new URL('./change-capture.sql', import.meta.url), 'utf8');
const visibilitySql = readFileSync(new URL('./visibility.sql', import.meta.url), 'utf8');

/** The channel on which committed changes are announced, by id. */
export const changesChannel = 'realtime_changes';

/**
 * Creates the change log, its trigger function and the visibility check, then puts the trigger on every
 * published table.
 */
export async function installChangeCapture(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec(captureSql);
    await tx.exec(visibilitySql);
  });
  await installCaptureTriggers(db);
}

/** Called at start and whenever a client subscribes, so a newly published table is captured too. */
export async function installCaptureTriggers(db: Database): Promise<void> {
  await db.query('select _realtime.install_capture_triggers()');
}
