import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const robotsFile = new URL('../../../public/robots.txt', import.meta.url);

/** A built SPA in miniature: index.html, a hashed script with its source map, the real robots.txt. */
function miniatureBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'passaparola-spa-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><script src="/config.js"></script>' +
      '<script type="module" src="/assets/index-AbCdEf12.js"></script></head><body></body></html>',
  );
  writeFileSync(
    join(root, 'assets', 'index-AbCdEf12.js'),
    'console.log(1);\n//# sourceMappingURL=index-AbCdEf12.js.map\n',
  );
  writeFileSync(join(root, 'assets', 'index-AbCdEf12.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  writeFileSync(join(root, 'robots.txt'), readFileSync(robotsFile));
  return root;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** RFC 9309's matching: the longest matching rule wins, Allow on a tie; `*` any run, `$` the end. */
function robotsAllows(robots: string, path: string): boolean {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S+)/i.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, kind, pattern]) => ({ allow: kind!.toLowerCase() === 'allow', pattern: pattern! }));
  const matches = rules.filter(({ pattern }) => {
    const source = pattern
      .split('')
      .map((character, index) =>
        character === '*'
          ? '.*'
          : character === '$' && index === pattern.length - 1
            ? '$'
            : character.replace(/[.+?^{}()|[\]\\/]/g, '\\$&'),
      )
      .join('');
    return new RegExp(`^${source}`).test(path);
  });
  const longest = Math.max(-1, ...matches.map(({ pattern }) => pattern.length));
  const winners = matches.filter(({ pattern }) => pattern.length === longest);
  return winners.length === 0 || winners.some(({ allow }) => allow);
}

describe('security headers, robots.txt and source maps', () => {
  let server: TestServer;
  let behindProxy: TestServer;
  const staticDir = miniatureBuild();

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [], config: { staticDir } });
    behindProxy = await startTestServer({
      migrationFolders: [],
      config: { staticDir, trustProxy: 1, serveSourceMaps: true },
    });
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), behindProxy?.stop()]);
    rmSync(staticDir, { recursive: true, force: true });
  });

  const commonHeaders = (response: Response) => ({
    'x-frame-options': response.headers.get('x-frame-options'),
    'x-content-type-options': response.headers.get('x-content-type-options'),
    'referrer-policy': response.headers.get('referrer-policy'),
  });

  it.each(['/', '/client/crediti', '/bella-salone/login'])(
    'sends the app at %s with a strict Content-Security-Policy and the framing and sniffing guards',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(commonHeaders(response)).toEqual({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      const host = new URL(server.url).host;
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp['connect-src']).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it.each([
    ['GET', '/auth/v1/health'],
    ['POST', '/rest/v1/rpc/nessuna'],
    ['GET', '/storage/v1/object/public/nessuno/x.png'],
    ['GET', '/config.js'],
  ])('sends %s %s with the guards too; the APIs with a policy that runs nothing', async (method, path) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(commonHeaders(response)).toEqual({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    const csp = directives(response.headers.get('content-security-policy'));
    if (path === '/config.js') expect(csp['script-src']).toEqual(["'self'"]);
    else expect(csp).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], sandbox: [] });
  });

  it('sends HSTS only for HTTPS that a trusted proxy reports', async () => {
    const overHttps = { headers: { 'x-forwarded-proto': 'https' } };
    const viaProxy = await fetch(`${behindProxy.url}/`, overHttps);
    expect(viaProxy.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const claimedByClient = await fetch(`${server.url}/`, overHttps);
    expect(claimedByClient.headers.get('strict-transport-security')).toBeNull();
    const plain = await fetch(`${behindProxy.url}/`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('serves robots.txt as text: public pages allowed, the areas, sign-in links and APIs not', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const robots = await response.text();
    expect(robots).toBe(readFileSync(robotsFile, 'utf8'));
    expect(robots).toMatch(/^User-agent: \*$/m);
    for (const path of [
      '/',
      '/bella-salone',
      '/bella-salone/login',
      '/bella-salone/register',
      '/merchant/bella-salone',
      '/clientela-felice',
    ])
      expect(robotsAllows(robots, path), path).toBe(true);
    for (const path of [
      '/client',
      '/client/crediti',
      '/dashboard',
      '/dashboard/agenda',
      '/admin',
      '/admin/merchants',
      '/bella-salone/reset-password',
      '/bella-salone/__/auth/action',
      '/auth/v1/settings',
      '/rest/v1/rpc/whoami',
      '/storage/v1/object/public/loghi/x.png',
      '/realtime/v1/websocket',
      '/_mail',
    ])
      expect(robotsAllows(robots, path), path).toBe(false);
  });

  it('keeps source maps private unless SERVE_SOURCE_MAPS is set', async () => {
    expect((await fetch(`${server.url}/assets/index-AbCdEf12.js`)).status).toBe(200);
    const hidden = await fetch(`${server.url}/assets/index-AbCdEf12.js.map`);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain('sources');
    const elsewhere = await fetch(`${server.url}/main.js.map`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get('content-type')).not.toMatch(/text\/html/);

    const served = await fetch(`${behindProxy.url}/assets/index-AbCdEf12.js.map`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('src/main.tsx');
  });
});
