import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const email = 'modulo@example.com';
const password = 'password-modulo';

describe('request bodies of every content type', () => {
  let server: TestServer;
  let accessToken: string;
  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [] });
    const { data, error } = await server.client().auth.signUp({ email, password });
    expect(error).toBeNull();
    accessToken = data.session!.access_token;
  });
  afterAll(() => server?.stop());

  const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const post = (path: string, contentType: string | undefined, body: string, token?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        ...(contentType ? { 'content-type': contentType } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });

  it('signs in with a form-encoded password grant, as OAuth2 clients post it', async () => {
    const response = await post(
      '/auth/v1/token',
      'application/x-www-form-urlencoded',
      form({ grant_type: 'password', email, password }),
    );
    expect(response.status).toBe(200);
    const session = (await response.json()) as { access_token: string; refresh_token: string };
    expect(session.access_token).toMatch(/^ey/);

    const refreshed = await post(
      '/auth/v1/token?grant_type=refresh_token',
      'application/x-www-form-urlencoded; charset=utf-8',
      form({ refresh_token: session.refresh_token }),
    );
    expect(refreshed.status).toBe(200);
  });

  it('answers a wrong password in a form body as in JSON: invalid_credentials', async () => {
    const response = await post(
      '/auth/v1/token?grant_type=password',
      'application/x-www-form-urlencoded',
      form({ email, password: 'sbagliata' }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error_code: string }).error_code).toBe('invalid_credentials');
  });

  const oddBodies: { contentType: string | undefined; body: string }[] = [
    {
      contentType: 'multipart/form-data; boundary=x',
      body: `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--x--\r\n`,
    },
    { contentType: 'text/plain', body: `email=${email}` },
    { contentType: 'application/json', body: '{"email": "' },
    { contentType: 'application/octet-stream', body: '\u0000\u0001' },
    { contentType: 'application/xml', body: '<email/>' },
    { contentType: 'application/x-www-form-urlencoded', body: form({ email, password }) },
  ];
  const authPaths = [
    '/auth/v1/token?grant_type=password',
    '/auth/v1/signup',
    '/auth/v1/verify',
    '/auth/v1/otp',
    '/auth/v1/recover',
    '/auth/v1/logout',
  ];

  it.each(oddBodies)(
    'answers $contentType on the auth endpoints with a GoTrue 4xx, never a 500',
    async (odd) => {
      for (const path of authPaths) {
        // The form body is the token endpoint's own: a correct sign-in there.
        if (path.startsWith('/auth/v1/token') && odd.contentType?.startsWith('application/x-www-form'))
          continue;
        const response = await post(path, odd.contentType, odd.body, accessToken);
        expect(response.status, `${path}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path}`).toBeLessThan(500);
        const body = (await response.json()) as { error_code: string; msg: string };
        expect(body.error_code, path).toBe('bad_json');
        expect(body.msg).toBe('Could not parse request body as JSON');
      }
    },
  );

  it.each(oddBodies)('answers $contentType on /rest/v1/rpc with PostgREST 415 or 400', async (odd) => {
    const response = await post('/rest/v1/rpc/x', odd.contentType, odd.body);
    const body = (await response.json()) as { code: string; message: string };
    if (odd.contentType === 'application/json') {
      expect(response.status).toBe(400);
      expect(body.code).toBe('PGRST102');
    } else {
      expect(response.status).toBe(415);
      expect(body).toEqual({
        code: 'PGRST107',
        message: `Content-Type not acceptable: ${odd.contentType}`,
        details: null,
        hint: null,
      });
    }
  });

  it('answers a body without any content type with a 4xx on auth and rest', async () => {
    const rawPost = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(path, server.url);
        const outgoing = httpRequest(
          url,
          { method: 'POST', headers: { apikey: server.anonKey, 'content-length': '5' } },
          (response) => {
            response.resume();
            resolve(response.statusCode!);
          },
        );
        outgoing.on('error', reject);
        outgoing.end('hello');
      });
    expect(await rawPost('/auth/v1/token?grant_type=password')).toBe(400);
    expect(await rawPost('/auth/v1/signup')).toBe(400);
    expect(await rawPost('/rest/v1/rpc/x')).toBe(415);
  });
});
