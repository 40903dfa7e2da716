import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';
import { ConfigError } from '../config-error.ts';

/** The application server's identity towards the push services (RFC 8292). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address the push services may write to. */
  subject: string;
}

export interface VapidSettings {
  publicKey?: string;
  privateKey?: string;
  subject?: string;
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from the environment, or a pair generated on first start and
 * kept owner-readable in DATA_DIR (as the JWT secret is); without either, a pair for this process only.
 */
export function resolveVapidKeys(
  settings: VapidSettings,
  dataDir: string | undefined,
  siteUrl: string,
): VapidKeys {
  const subject = settings.subject ?? defaultSubject(siteUrl);
  if (settings.publicKey || settings.privateKey) {
    if (!settings.publicKey || !settings.privateKey)
      throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
    return { publicKey: settings.publicKey, privateKey: settings.privateKey, subject };
  }
  if (!dataDir) return { ...webPush.generateVAPIDKeys(), subject };
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = webPush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(generated)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { ...generated, subject };
}

/** The push services want a contact: the site's own address, or a mailto for a local one. */
function defaultSubject(siteUrl: string): string {
  return siteUrl.startsWith('https://') ? siteUrl : 'mailto:notifiche@passaparola.invalid';
}
