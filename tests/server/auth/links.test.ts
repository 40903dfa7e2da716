import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../../server/config.ts';
import { mailbox, type MailMessage } from '../../support/mailbox.ts';
import { rawRequest } from '../../support/raw-http.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const salon = 'https://salone.example.com';
const allowList = 'https://app.salone.example.com/**,https://*.anteprima.example.com/accesso';
const highLimits = {
  signInSignUps: 100_000,
  tokenRefresh: 100_000,
  tokenVerifications: 100_000,
  emailSent: 100_000,
};

/** The settings a deployment gives through its environment, config.toml's env(...) values included. */
function configFrom(environment: Record<string, string>): Partial<ServerConfig> {
  const loaded = loadConfig(environment);
  return { toml: loaded.toml, apiExternalUrl: loaded.apiExternalUrl, trustProxy: loaded.trustProxy };
}

function startServer(environment: Record<string, string>) {
  return startTestServer({
    migrationFolders: [],
    config: { ...configFrom(environment), auth: { enableConfirmations: true, rateLimits: highLimits } },
  });
}

/** Every link of a message: the URLs of the text part and the hrefs of the HTML part. */
function linksIn(message: MailMessage): string[] {
  const text = message.Text.match(/https?:\/\/\S+/g) ?? [];
  const html = [...message.HTML.matchAll(/href="([^"]*)"/g)].map(([, href]) =>
    href!.replaceAll('&amp;', '&'),
  );
  return [...text, ...html];
}

/** The attacks of the issue: the Host header, and X-Forwarded-Host with or without a trusted proxy. */
const forgedHeaders = {
  host: { host: 'evil.example' },
  forwarded: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
  both: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
};

/** The redirect the old code accepted because it named the request's own (forged) host. */
const ownForgedOrigin = 'http://evil.example/merchant/salone/__/auth/action?mode=resetPassword';

async function createUser(server: TestServer, email: string, confirmed = true) {
  const response = await fetch(`${server.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: server.serviceRoleKey,
      authorization: `Bearer ${server.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, password: 'password-1', email_confirm: confirmed }),
  });
  expect(response.status).toBe(200);
}

/** Sends each e-mail of the issue with forged headers and a redirect to the forged host. */
async function sendEveryEmail(server: TestServer, headers: Record<string, string>, prefix: string) {
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await rawRequest(
      `${server.url}/auth/v1/${path}?redirect_to=${encodeURIComponent(ownForgedOrigin)}`,
      { headers: { apikey: server.anonKey, ...headers }, body },
    );
    expect(response.status, response.body).toBe(200);
  };
  const address = (kind: string) => `${prefix}-${kind}@example.com`;
  await createUser(server, address('recover'));
  await post('recover', { email: address('recover') });
  await post('signup', { email: address('signup'), password: 'password-1' });
  await createUser(server, address('magiclink'));
  await post('otp', { email: address('magiclink'), create_user: false });
  await createUser(server, address('resend'), false);
  await post('resend', { type: 'signup', email: address('resend') });
  const box = mailbox(server.mailUrl);
  return Promise.all(['recover', 'signup', 'magiclink', 'resend'].map((kind) => box.latestTo(address(kind))));
}

function expectLinksOnlyTo(messages: MailMessage[], apiOrigin: string) {
  expect(messages).toHaveLength(4);
  for (const message of messages) {
    expect(message.Text + message.HTML).not.toContain('evil.example');
    const links = linksIn(message);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.startsWith(`${apiOrigin}/auth/v1/verify?`), link).toBe(true);
      expect(new URL(link).searchParams.get('redirect_to')).toBe(salon);
    }
  }
}

/** Where GET /auth/v1/verify sends the browser for `redirectTo` (a bad token: the error fragment). */
async function verifyRedirect(server: TestServer, redirectTo: string, headers: Record<string, string> = {}) {
  const response = await rawRequest(
    `${server.url}/auth/v1/verify?token=nessuno&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`,
    { headers },
  );
  expect(response.status).toBe(303);
  return String(response.headers.location).split('#')[0];
}

describe('e-mailed links point only to the configured address', () => {
  let server: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    [server, proxied] = await Promise.all([
      startServer({ SITE_URL: salon, ADDITIONAL_REDIRECT_URLS: allowList }),
      startServer({
        SITE_URL: salon,
        API_EXTERNAL_URL: 'https://api.salone.example.com/auth/v1',
        TRUST_PROXY: '1',
      }),
    ]);
  });
  afterAll(() => Promise.all([server?.stop(), proxied?.stop()]));

  it('builds recovery, sign-up, magic-link and resend links from SITE_URL, whatever Host says', async () => {
    expectLinksOnlyTo(await sendEveryEmail(server, forgedHeaders.host, 'host'), salon);
  });

  it('ignores X-Forwarded-Host without a trusted proxy', async () => {
    expectLinksOnlyTo(await sendEveryEmail(server, forgedHeaders.forwarded, 'forwarded'), salon);
  });

  it('ignores Host and X-Forwarded-Host behind a trusted proxy, and uses API_EXTERNAL_URL for links', async () => {
    expectLinksOnlyTo(
      await sendEveryEmail(proxied, forgedHeaders.both, 'proxied'),
      'https://api.salone.example.com',
    );
  });

  it('issues tokens and pages the admin list under the configured address, not the forged one', async () => {
    await createUser(server, 'issuer@example.com');
    const signIn = await rawRequest(`${server.url}/auth/v1/token?grant_type=password`, {
      headers: { apikey: server.anonKey, ...forgedHeaders.host },
      body: { email: 'issuer@example.com', password: 'password-1' },
    });
    expect(signIn.status).toBe(200);
    const accessToken = (JSON.parse(signIn.body) as { access_token: string }).access_token;
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      iss: string;
    };
    expect(claims.iss).toBe(`${salon}/auth/v1`);

    const list = await rawRequest(`${server.url}/auth/v1/admin/users?per_page=1`, {
      headers: {
        apikey: server.serviceRoleKey,
        authorization: `Bearer ${server.serviceRoleKey}`,
        ...forgedHeaders.host,
      },
    });
    expect(list.status).toBe(200);
    expect(String(list.headers.link)).toContain(`<${salon}/auth/v1/admin/users?page=`);
    expect(String(list.headers.link)).not.toContain('evil.example');
  });

  it('keeps an allowed redirect in the e-mail and drops a foreign one for the site URL', async () => {
    await createUser(server, 'allowed@example.com');
    await createUser(server, 'foreign@example.com');
    const recover = (email: string, redirectTo: string) =>
      server.client().auth.resetPasswordForEmail(email, { redirectTo });
    await recover('allowed@example.com', 'https://app.salone.example.com/accesso?mode=resetPassword');
    await recover('foreign@example.com', 'https://app.salone.example.com.evil.example/?mode=resetPassword');
    const box = mailbox(server.mailUrl);
    const allowed = linksIn(await box.latestTo('allowed@example.com'));
    expect(allowed[0]).toMatch(/^https:\/\/app\.salone\.example\.com\/accesso\?mode=resetPassword&oobCode=/);
    const foreign = await box.latestTo('foreign@example.com');
    expect(foreign.Text).not.toContain('evil.example');
    expect(new URL(linksIn(foreign)[0]!).searchParams.get('redirect_to')).toBe(salon);
  });

  it.each([
    ['the site, any path', `${salon}/merchant/salone/__/auth/action?mode=resetPassword`, true],
    ['a ** glob, any path and query', 'https://app.salone.example.com/a/b?c=1', true],
    ['a * glob within one label', 'https://uno.anteprima.example.com/accesso', true],
    ['a * glob across labels', 'https://uno.due.anteprima.example.com/accesso', false],
    ['a glob matched only in part', 'https://uno.anteprima.example.com/accesso/altro', false],
    ['a look-alike host', 'https://app.salone.example.com.evil.example/a', false],
    ['an allowed URL inside a foreign one', `https://evil.example/${salon}/`, false],
    ['the site over http', 'http://salone.example.com/', false],
    ['the site on another port', 'https://salone.example.com:8443/', false],
    ['localhost with a public site', 'http://localhost:5173/', false],
    ['127.0.0.1 with a public site', 'http://127.0.0.1:54321/', false],
    ['the forged Host itself', 'http://evil.example/', false],
    ['a javascript: URL', 'javascript:alert(1)', false],
  ])('redirect to %s: followed = %s', async (_case, redirectTo, followed) => {
    const location = await verifyRedirect(server, redirectTo, forgedHeaders.host);
    expect(location).toBe(followed ? redirectTo.split('#')[0] : salon);
  });
});

describe('redirects with a loopback site URL (local development)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({});
  });
  afterAll(() => server?.stop());

  it('follows loopback addresses on any port, with the site scheme, and nothing else', async () => {
    const site = server.url;
    expect(await verifyRedirect(server, 'http://localhost:5173/salone/login')).toBe(
      'http://localhost:5173/salone/login',
    );
    expect(await verifyRedirect(server, 'http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080/x');
    expect(await verifyRedirect(server, 'https://localhost:5173/')).toBe(site);
    expect(await verifyRedirect(server, `${salon}/`)).toBe(site);
    expect(await verifyRedirect(server, 'http://evil.example/', forgedHeaders.host)).toBe(site);
  });
});
