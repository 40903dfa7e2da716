import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../../../server/db/pglite.ts';
import { testDatabaseKind } from '../../support/test-database.ts';

const root = new URL('../../..', import.meta.url).pathname;
const folders: string[] = [];
const temporaryFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'passaparola-'));
  folders.push(folder);
  return folder;
};
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** Runs a script as `npm run serve` does (Node strips the types) and resolves once its output matches `ready`. */
function runUntil(args: string[], env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
  });
  let output = '';
  const matched = new Promise<RegExpMatchArray>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve(match);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
  });
  return { child, matched, output: () => output };
}

const stop = (child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

// The process runs on its embedded database: once is enough, not again in the PostgreSQL pass.
describe.skipIf(testDatabaseKind === 'postgres')('the server process', () => {
  it('starts on the embedded database, prints its URL and anon key, and keeps its secret and data', async () => {
    const dataDir = temporaryFolder();
    const env = { PORT: '0', HOST: '127.0.0.1', MAIL_PORT: '0', DATA_DIR: dataDir, JWT_SECRET: '' };
    const banner = /running at (http:\/\/localhost:\d+)[\s\S]*anon key: (\S+)/;
    const first = runUntil(['server/index.ts'], env, banner);
    const [, url, anonKey] = await first.matched;
    const health = await fetch(`${url}/auth/v1/health`);
    expect(health.status).toBe(200);
    await stop(first.child);

    const secretFile = join(dataDir, 'jwt-secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(secretFile, 'utf8').trim().length).toBeGreaterThanOrEqual(32);

    const second = runUntil(['server/index.ts'], env, banner);
    const [, , anonKeyAgain] = await second.matched;
    expect(anonKeyAgain?.split('.')[0]).toBe(anonKey?.split('.')[0]);
    await stop(second.child);
  });

  it('starts quietly on loopback, says where the platform admin signs in and how to make one', async () => {
    const dataDir = temporaryFolder();
    const unset = { HOST: '', SITE_URL: '', SMTP_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };
    const env = { ...unset, PORT: '0', MAIL_PORT: '0', DATA_DIR: dataDir };
    const started = /running at (http:\/\/localhost:\d+)[\s\S]*anon key: \S+\n/;
    const first = runUntil(['server/index.ts'], env, started);
    const [, url] = await first.matched;
    await stop(first.child);
    expect(first.output()).toContain(`Platform admin signs in at ${url}/admin`);
    expect(first.output()).toContain('No platform admin yet');
    expect(first.output()).toContain('Mailbox');
    expect(first.output()).not.toContain('!!');

    const admin = { ADMIN_EMAIL: 'titolare@example.com', ADMIN_PASSWORD: 'password-titolare' };
    const second = runUntil(['server/index.ts'], { ...env, ...admin }, started);
    await second.matched;
    await stop(second.child);
    expect(second.output()).toContain('Platform admin signs in at');
    expect(second.output()).not.toContain('No platform admin yet');
  }, 120_000);

  it('prints where the mailbox is and warns loudly when it listens on the network without SMTP', async () => {
    const env = { PORT: '0', HOST: '0.0.0.0', MAIL_PORT: '0', DATA_DIR: temporaryFolder(), SMTP_URL: '' };
    const run = runUntil(['server/index.ts'], env, /Mailbox[^\n]*(http:\/\/127\.0\.0\.1:\d+)/);
    const [, mailUrl] = await run.matched;
    await vi.waitFor(() => expect(run.output()).toContain('E-MAILS ARE NOT BEING DELIVERED'));
    const messages = await fetch(`${mailUrl}/api/v1/messages`);
    await stop(run.child);
    expect(messages.status).toBe(200);
    expect(run.output()).toMatch(/set SITE_URL/);
  }, 120_000);

  it('refuses to start when a setting is invalid', async () => {
    const run = runUntil(['server/index.ts'], { PORT: 'molti', DATA_DIR: temporaryFolder() }, /never/);
    await expect(run.matched).rejects.toThrow(/exited with 1/);
    expect(run.output()).toContain('PORT');
  });

  it('keeps every acknowledged write of the embedded database through a kill -9', async () => {
    const dataDir = temporaryFolder();
    const writer = runUntil(
      ['tests/server/fixtures/durable-writer.ts', dataDir],
      {},
      /ack (\d+)\n(?:[\s\S]*\n)?ack (2\d)\n/,
    );
    await writer.matched;
    await stop(writer.child, 'SIGKILL');
    const acknowledged = Math.max(
      ...[...writer.output().matchAll(/ack (\d+)\n/g)].map((match) => Number(match[1])),
    );

    const db = await openPglite(dataDir);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.writes');
    await db.close();
    expect(rows[0]!.n).toBeGreaterThanOrEqual(acknowledged);
  });
});
