import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { PushMessage } from './push-messages.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  vapid: VapidKeys;
  /** The TLS agent towards the push services (tests trust a local one with it). */
  agent?: Agent;
}

/** 'gone': the push service no longer knows this subscription (404 or 410), so it is to be forgotten. */
export type PushOutcome = 'sent' | 'gone';

const oneDay = 24 * 3600;

/** Sends one notification, encrypted (aes128gcm) for the subscription and signed with the VAPID keys. */
export async function sendPush(
  subscription: PushSubscriptionRow,
  message: PushMessage,
  options: PushOptions,
): Promise<PushOutcome> {
  try {
    await webPush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: options.vapid,
        contentEncoding: 'aes128gcm',
        TTL: oneDay,
        timeout: 10_000,
        ...(options.agent ? { agent: options.agent } : {}),
      },
    );
    return 'sent';
  } catch (error) {
    if (error instanceof webPush.WebPushError && (error.statusCode === 404 || error.statusCode === 410))
      return 'gone';
    if (error instanceof webPush.WebPushError)
      throw new Error(`Push service answered ${error.statusCode}: ${error.body.slice(0, 200)}`);
    throw error;
  }
}
