import { env } from '@/config/env';
import { callRpc } from '@/lib/rpc';

/** Why this browser cannot receive notifications, or 'ready'. */
export type PushSupport = 'ready' | 'unsupported' | 'blocked';

export function pushSupport(): PushSupport {
  if (!env.vapidPublicKey || !('serviceWorker' in navigator) || !('PushManager' in window))
    return 'unsupported';
  if (!('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'blocked' : 'ready';
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function base64url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** This browser's subscription, if notifications are on here (the service worker must be installed). */
export async function currentPhoneSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks the browser's permission, subscribes it and saves the subscription for the signed-in person. */
export async function subscribePhone(): Promise<void> {
  if (pushSupport() !== 'ready' || !env.vapidPublicKey) throw new Error('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('blocked');
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(env.vapidPublicKey),
    }));
  await callRpc('save_push_subscription', {
    endpoint: subscription.endpoint,
    p256dh: base64url(subscription.getKey('p256dh')),
    auth: base64url(subscription.getKey('auth')),
  });
}

/** Forgets this browser's subscription, on the server and in the browser. */
export async function unsubscribePhone(): Promise<void> {
  const subscription = await currentPhoneSubscription();
  if (!subscription) return;
  await callRpc('delete_push_subscription', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
