import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveVapidKeys } from './vapid-keys.ts';

describe('VAPID keys', () => {
  const folders: string[] = [];
  const dataDir = () => {
    const folder = mkdtempSync(join(tmpdir(), 'vapid-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('generates a pair on first start into DATA_DIR, owner-readable, and keeps it', () => {
    const folder = dataDir();
    const first = resolveVapidKeys({}, folder, 'https://prenota.example.com');
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('https://prenota.example.com');
    expect(statSync(join(folder, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(resolveVapidKeys({}, folder, 'http://localhost:54321')).toEqual({
      ...first,
      subject: 'mailto:notifiche@passaparola.invalid',
    });
  });

  it('takes the pair and subject of the environment, and refuses half a pair', () => {
    const given = {
      publicKey: 'B'.repeat(87),
      privateKey: 'a'.repeat(43),
      subject: 'mailto:titolare@example.com',
    };
    expect(resolveVapidKeys(given, dataDir(), 'https://prenota.example.com')).toEqual(given);
    expect(() => resolveVapidKeys({ publicKey: 'B'.repeat(87) }, undefined, '')).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    );
  });
});
