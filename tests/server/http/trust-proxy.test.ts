import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type ServerConfig } from '../../../server/config.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/** One verification attempt (a wrong link) with the given X-Forwarded-For, as it reaches the server. */
async function verifyAttempt(server: TestServer, forwardedFor: string): Promise<number> {
  const response = await fetch(`${server.url}/auth/v1/verify`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ type: 'email', token_hash: 'f'.repeat(56) }),
  });
  await response.body?.cancel();
  return response.status;
}

const spoofed = (attempt: number) => `198.51.100.${attempt}`;

async function startWithTrust(trustProxy: ServerConfig['trustProxy']): Promise<TestServer> {
  return startTestServer({
    migrationFolders: [],
    config: {
      trustProxy,
      auth: {
        rateLimits: { signInSignUps: 100_000, tokenRefresh: 100_000, tokenVerifications: 3, emailSent: 100 },
      },
    },
  });
}

describe.each([
  { setting: 'TRUST_PROXY=1', trustProxy: 1 },
  { setting: 'TRUST_PROXY=127.0.0.1 (the proxy by address)', trustProxy: ['127.0.0.1'] },
])('behind one reverse proxy, $setting', ({ trustProxy }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWithTrust(trustProxy);
  });
  afterAll(() => server?.stop());

  it('limits the address the proxy appended, whatever the client wrote before it', async () => {
    // The proxy appends the address it saw; everything left of it is the client's own words.
    const statuses = [];
    for (let attempt = 1; attempt <= 4; attempt += 1)
      statuses.push(await verifyAttempt(server, `${spoofed(attempt)}, 203.0.113.7`));
    expect(statuses).toEqual([403, 403, 403, 429]);
  });

  it('counts another client behind the same proxy on its own', async () => {
    expect(await verifyAttempt(server, '203.0.113.8')).toBe(403);
  });
});

describe('a proxy address that is not the peer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWithTrust(['10.0.0.0/8']);
  });
  afterAll(() => server?.stop());

  it('ignores X-Forwarded-For from anyone else, so a direct client cannot pick its address', async () => {
    const statuses = [];
    for (let attempt = 1; attempt <= 4; attempt += 1)
      statuses.push(await verifyAttempt(server, spoofed(attempt)));
    expect(statuses).toEqual([403, 403, 403, 429]);
  });
});

describe('TRUST_PROXY', () => {
  const read = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('reads a hop count or a list of proxy addresses and ranges; unset, 0 and false trust no one', () => {
    expect(read('1')).toBe(1);
    expect(read('10.0.0.2, 192.168.0.0/16,::1')).toEqual(['10.0.0.2', '192.168.0.0/16', '::1']);
    expect(read('loopback')).toEqual(['loopback']);
    expect(read('0')).toBeUndefined();
    expect(read('false')).toBeUndefined();
    expect(loadConfig({}).trustProxy).toBeUndefined();
  });

  it('refuses true (every hop) and anything that is not an address', () => {
    expect(() => read('true')).toThrow(ConfigError);
    expect(() => read('true')).toThrow(/every hop/);
    expect(() => read('proxy.example.com')).toThrow(/proxy\.example\.com/);
    expect(() => read('10.0.0.0/33')).toThrow(ConfigError);
  });
});
