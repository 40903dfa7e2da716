import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

describe('auth rate limits, lowered for this test', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      migrationFolders: [],
      config: {
        auth: {
          enableConfirmations: true,
          maxFrequency: 0,
          rateLimits: { signInSignUps: 3, tokenRefresh: 2, tokenVerifications: 2, emailSent: 2 },
        },
      },
    });
  });
  afterAll(() => server?.stop());

  it('answers refresh-token grants over the limit with 429 over_request_rate_limit', async () => {
    const refresh = async () => {
      const response = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: 'abcdefghijkl' }),
      });
      return { status: response.status, code: ((await response.json()) as { code: string }).code };
    };
    expect(await refresh()).toEqual({ status: 400, code: 'refresh_token_not_found' });
    expect(await refresh()).toEqual({ status: 400, code: 'refresh_token_not_found' });
    expect(await refresh()).toEqual({ status: 429, code: 'over_request_rate_limit' });
  });

  it('answers verification attempts over the limit with 429', async () => {
    const attempt = () => server.client().auth.verifyOtp({ token_hash: 'f'.repeat(56), type: 'email' });
    expect((await attempt()).error?.code).toBe('otp_expired');
    expect((await attempt()).error?.code).toBe('otp_expired');
    expect((await attempt()).error?.code).toBe('over_request_rate_limit');
  });

  it('stops sending e-mails over the hourly limit with 429 over_email_send_rate_limit', async () => {
    const first = await server.client().auth.signUp({ email: 'uno@example.com', password: 'password-1' });
    const second = await server.client().auth.signUp({ email: 'due@example.com', password: 'password-2' });
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    const third = await server.client().auth.signUp({ email: 'tre@example.com', password: 'password-3' });
    expect(third.error?.status).toBe(429);
    expect(third.error?.code).toBe('over_email_send_rate_limit');
    const { rows } = await server.server.context.db.query(
      `select 1 from auth.users where email = 'tre@example.com'`,
    );
    expect(rows).toEqual([]);
    const fourth = await server
      .client()
      .auth.signUp({ email: 'quattro@example.com', password: 'password-4' });
    expect(fourth.error?.code).toBe('over_request_rate_limit');
  });
});

describe('password guesses, as GoTrue limits them: a burst of 30 per address', () => {
  let server: TestServer;
  const email = 'cliente@example.com';
  const password = 'password-giusta';
  beforeAll(async () => {
    // token_refresh = 3 refills one guess every 100 s: nothing comes back during the test.
    server = await startTestServer({
      migrationFolders: [],
      config: {
        auth: {
          rateLimits: { signInSignUps: 100, tokenRefresh: 3, tokenVerifications: 100, emailSent: 100 },
        },
      },
    });
  });
  afterAll(() => server?.stop());

  const passwordGrant = (guess: string) =>
    fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: guess }),
    });

  it('refuses the 31st password in a burst with 429, then even the right one; refreshes still work', async () => {
    const signUp = await server.client().auth.signUp({ email, password });
    expect(signUp.error).toBeNull();
    const refreshToken = signUp.data.session!.refresh_token;

    for (let guess = 1; guess <= 30; guess += 1) {
      const response = await passwordGrant(`sbagliata-${guess}`);
      expect(response.status, `guess ${guess}`).toBe(400);
      expect((await response.json()).error_code).toBe('invalid_credentials');
    }
    const locked = await passwordGrant('sbagliata-31');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    expect(await locked.json()).toEqual({
      code: 'over_request_rate_limit',
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
      message: 'Request rate limit reached',
    });
    expect((await passwordGrant(password)).status).toBe(429);

    const refreshed = await server.client().auth.refreshSession({ refresh_token: refreshToken });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.user.email).toBe(email);
  });
});

describe('platform admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let server: TestServer;
  const folder = mkdtempSync(join(tmpdir(), 'passaparola-admin-'));

  beforeAll(async () => {
    writeFileSync(
      join(folder, '20000101000000_platform_admins.sql'),
      `create schema app;
       create table app.platform_admins (user_id uuid primary key references auth.users on delete cascade);`,
    );
    server = await startTestServer({
      migrationFolders: [folder],
      config: { adminEmail: 'Admin@Passaparola.example', adminPassword: 'password-admin' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('creates the confirmed account with that password and the platform-admin role', async () => {
    const { data, error } = await server.client().auth.signInWithPassword({
      email: 'admin@passaparola.example',
      password: 'password-admin',
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const { rows } = await server.server.context.db.query(`select user_id from app.platform_admins`);
    expect(rows).toEqual([{ user_id: data.user!.id }]);
  });
});
