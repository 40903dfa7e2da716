import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

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

  it('answers sign-in attempts over the limit with 429 over_request_rate_limit', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { error } = await server
        .client()
        .auth.signInWithPassword({ email: 'x@example.com', password: 'no' });
      expect(error?.code).toBe('invalid_credentials');
    }
    const { error } = await server
      .client()
      .auth.signInWithPassword({ email: 'x@example.com', password: 'no' });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
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
