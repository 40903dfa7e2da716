import type { Queryable } from '../db/port.ts';
import type { Address } from './mailbox.ts';
import type { MailAttachment, Mailer } from './mailer.ts';
import {
  notificationData,
  notificationTemplates,
  withCalendarEntry,
  type NotificationKind,
  type NotificationPayload,
} from './notification-templates.ts';
import { sendTemplatedMail, type TemplatedMail } from './templated-mail.ts';
import { pushMessage } from '../push/push-messages.ts';
import { sendPush, type PushOptions, type PushSubscriptionRow } from '../push/push-sender.ts';

export interface DrainOptions {
  /** The From of every e-mail (config.toml's sender, as for the auth e-mails). */
  sender: Address;
  /** The app's address, for the links in the e-mails. */
  siteUrl: string;
  /** Rows claimed per round (default 20). */
  batchSize?: number;
  /** How long a claimed row is this sender's before another may take it (default 300 s). */
  leaseSeconds?: number;
  /** The VAPID keys for channel 'push' rows; without them those rows fail and are retried. */
  push?: PushOptions;
}

export interface DrainResult {
  sent: number;
  failed: number;
}

interface ClaimedRow {
  id: string;
  merchant_id: string;
  kind: NotificationKind;
  channel: 'email' | 'push';
  recipient: string;
  reservation_id: string | null;
  payload: NotificationPayload;
}

/** The rows one e-mail announces: a salon's new requests to one address go together. */
type Envelope = readonly [ClaimedRow, ...ClaimedRow[]];

const calendarType = 'text/calendar; charset=utf-8; method=PUBLISH';

function envelopes(rows: readonly ClaimedRow[]): Envelope[] {
  const grouped = new Map<string, [ClaimedRow, ...ClaimedRow[]]>();
  for (const row of rows) {
    const key = row.kind === 'new_request' ? `new_request ${row.merchant_id} ${row.recipient}` : row.id;
    const envelope = grouped.get(key);
    if (envelope) envelope.push(row);
    else grouped.set(key, [row]);
  }
  return [...grouped.values()];
}

async function calendarEntry(db: Queryable, row: ClaimedRow): Promise<MailAttachment[]> {
  if (!withCalendarEntry.has(row.kind) || !row.reservation_id) return [];
  const { rows } = await db.query<{ ics: string | null }>('select app_private.reservation_ics($1) as ics', [
    row.reservation_id,
  ]);
  const ics = rows[0]?.ics;
  if (!ics) return [];
  const isoDate = row.payload.date.split('-').reverse().join('-');
  return [{ filename: `prenotazione-${isoDate}.ics`, contentType: calendarType, content: ics }];
}

async function compose(db: Queryable, envelope: Envelope, options: DrainOptions): Promise<TemplatedMail> {
  const [first, ...others] = envelope;
  return {
    from: options.sender,
    to: first.recipient,
    templates: notificationTemplates(first.kind),
    data: notificationData(first.kind, [first.payload, ...others.map((row) => row.payload)], options.siteUrl),
    attachments: await calendarEntry(db, first),
  };
}

/** A phone notification: to the subscription the row names; one deleted since is skipped. */
async function deliverPush(db: Queryable, row: ClaimedRow, options: DrainOptions): Promise<void> {
  if (!options.push) throw new Error('No VAPID keys: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  const { rows } = await db.query<PushSubscriptionRow>(
    'select endpoint, p256dh, auth from app_private.push_subscription($1) where endpoint is not null',
    [row.recipient],
  );
  const subscription = rows[0];
  if (!subscription) return;
  const outcome = await sendPush(subscription, pushMessage(row.kind, row.payload), options.push);
  if (outcome === 'gone') await db.query('select app_private.forget_push_subscription($1)', [row.recipient]);
}

/** One e-mail for the envelope's rows, or the phone notification of its row. */
async function deliver(
  db: Queryable,
  mailer: Mailer,
  envelope: Envelope,
  options: DrainOptions,
): Promise<void> {
  if (envelope[0].channel === 'push') return deliverPush(db, envelope[0], options);
  await sendTemplatedMail(mailer, await compose(db, envelope, options));
}

/**
 * Sends every due e-mail and phone notification of app.notification_outbox once: claims a batch (rows
 * another sender holds are skipped), sends each (a salon's new requests claimed together as one e-mail
 * listing them), marks its rows sent, or records the error so they are retried later with backoff.
 * Counts rows.
 */
export async function drainOutbox(
  db: Queryable,
  mailer: Mailer,
  options: DrainOptions,
): Promise<DrainResult> {
  const batchSize = options.batchSize ?? 20;
  const result: DrainResult = { sent: 0, failed: 0 };
  for (;;) {
    const { rows } = await db.query<ClaimedRow>(
      `select id, merchant_id, kind, channel, recipient, reservation_id, payload
         from app_private.claim_notifications($1, $2)`,
      [batchSize, options.leaseSeconds ?? 300],
    );
    for (const envelope of envelopes(rows)) {
      const ids = envelope.map((row) => row.id);
      try {
        await deliver(db, mailer, envelope, options);
      } catch (error) {
        // One statement: the e-mail's rows get one retry time, and go together again.
        await db.query('select app_private.mark_notification_failed(id, $2) from unnest($1::uuid[]) id', [
          ids,
          error instanceof Error ? error.message : String(error),
        ]);
        result.failed += envelope.length;
        continue;
      }
      await db.query('select app_private.mark_notification_sent(id) from unnest($1::uuid[]) id', [ids]);
      result.sent += envelope.length;
    }
    if (rows.length < batchSize) return result;
  }
}

export interface OutboxDrainer {
  /** Stops the loop, after the round under way. */
  stop(): Promise<void>;
}

/** Drains every `intervalMs`, one round at a time; a failing round is reported and the loop goes on. */
export function startOutboxDrainer(
  drain: () => Promise<DrainResult>,
  intervalMs: number,
  onError: (error: unknown) => void = (error) => console.warn('E-mail outbox:', error),
): OutboxDrainer {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const round = () => {
    running = drain()
      .then(
        () => undefined,
        (error: unknown) => {
          if (!stopped) onError(error);
        },
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(round, intervalMs);
      });
  };
  timer = setTimeout(round, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
