import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotices } from '../../../server/start-notices.ts';
import { rawRequest } from '../../support/raw-http.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** An IPv4 address of this machine that is not loopback, as someone on the network reaches it. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

describe('the local mailbox is not on the public address', () => {
  let server: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'passaparola-spa-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Passaparola</title>');
    // HOST 0.0.0.0, as a server others reach listens, with the SPA's fallback to index.html.
    server = await startTestServer({ migrationFolders: [], config: { host: '0.0.0.0', staticDir } });
    const client = server.client();
    expect(
      (await client.auth.signUp({ email: 'segreta@example.com', password: 'password-1' })).error,
    ).toBeNull();
    expect((await client.auth.resetPasswordForEmail('segreta@example.com')).error).toBeNull();
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers 404 for /_mail and its API on the main port, where other paths get the SPA', async () => {
    expect((await fetch(`${server.url}/una/pagina`)).status).toBe(200);
    for (const path of ['/_mail', '/_mail/api/v1/messages', '/_mail/api/v1/message/x', '/_mail/abc']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('segreta@example.com');
    }
  });

  it('serves the mailbox on its own port, bound to 127.0.0.1 only', async () => {
    expect(new URL(server.mailUrl).hostname).toBe('127.0.0.1');
    expect(new URL(server.mailUrl).port).not.toBe(new URL(server.url).port);
    expect((server.server.mailbox!.app.server.address() as AddressInfo).address).toBe('127.0.0.1');
    expect((server.server.app.server.address() as AddressInfo).address).toBe('0.0.0.0');
    const messages = await (await fetch(`${server.mailUrl}/api/v1/messages`)).text();
    expect(messages).toContain('segreta@example.com');
  });

  it.skipIf(!externalAddress)('cannot be reached on the network address the server answers on', async () => {
    const mainPort = new URL(server.url).port;
    const mailPort = new URL(server.mailUrl).port;
    expect((await fetch(`http://${externalAddress}:${mainPort}/auth/v1/health`)).status).toBe(200);
    await expect(fetch(`http://${externalAddress}:${mailPort}/api/v1/messages`)).rejects.toThrow();
  });

  it('refuses requests naming another host (DNS rebinding)', async () => {
    const port = new URL(server.mailUrl).port;
    const forged = await rawRequest(`${server.mailUrl}/api/v1/messages`, {
      headers: { host: `evil.example:${port}` },
    });
    expect(forged.status).toBe(403);
    expect(forged.body).not.toContain('segreta@example.com');
    const local = await rawRequest(`${server.mailUrl}/api/v1/messages`, {
      headers: { host: `localhost:${port}` },
    });
    expect(local.status).toBe(200);
  });

  it('tells where the mailbox is, and warns loudly when it listens beyond loopback without SMTP', () => {
    const config = server.server.context.config;
    const facts = { mailboxUrl: server.server.mailbox?.url, platformAdmin: false };
    const exposed = startNotices(facts, config);
    expect(exposed.info.join('\n')).toContain(server.mailUrl);
    expect(exposed.warnings.join('\n')).toContain('E-MAILS ARE NOT BEING DELIVERED');
    expect(exposed.warnings.join('\n')).toContain('SMTP_URL');

    const local = startNotices(facts, { ...config, host: '127.0.0.1' });
    expect(local.info.join('\n')).toContain(server.mailUrl);
    expect(local.warnings).toEqual([]);

    const overSmtp = startNotices(
      { ...facts, mailboxUrl: undefined },
      { ...config, siteUrl: 'https://salone.example.com' },
    );
    expect(overSmtp.warnings).toEqual([]);
  });
});
