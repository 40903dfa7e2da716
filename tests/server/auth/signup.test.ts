import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox } from '../../support/mailbox.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const rpcFixtures = new URL('../fixtures/rpc-migrations', import.meta.url).pathname;

describe('auth: sign-up and password sign-in (confirmations off, as config.toml has it)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [rpcFixtures] });
  });
  afterAll(() => server?.stop());

  it('signs a new user up with a session, metadata and GoTrue claims, and sends no e-mail', async () => {
    const client = server.client();
    const { data, error } = await client.auth.signUp({
      email: 'Giulia@Example.com',
      password: 'rossetto-rosa',
      options: { data: { name: 'Giulia Rossi', email: 'ignored@example.com' } },
    });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.email).toBe('giulia@example.com');
    expect(user.phone).toBe('');
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.user_metadata).toMatchObject({
      name: 'Giulia Rossi',
      email: 'giulia@example.com',
      email_verified: true,
      sub: user.id,
    });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ id: user.id, user_id: user.id, provider: 'email' });

    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      iss: `${server.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: 'giulia@example.com',
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Giulia Rossi' },
    });
    expect(typeof claims.session_id).toBe('string');
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(await mailbox(server.mailUrl).to('giulia@example.com')).toEqual([]);
  });

  it('gives the access token to rpc: auth.uid() is the new user', async () => {
    const client = server.client();
    const { data } = await client.auth.signUp({ email: 'rpc@example.com', password: 'smalto-rosso' });
    const result = await client.rpc('whoami');
    expect(result.error).toBeNull();
    expect(result.data).toEqual({ role: 'authenticated', uid: data.user!.id, claim_role: 'authenticated' });
  });

  it('refuses a second sign-up with a known e-mail without creating another account', async () => {
    await server.client().auth.signUp({ email: 'doppia@example.com', password: 'prima-password' });
    const again = await server
      .client()
      .auth.signUp({ email: 'DOPPIA@example.com', password: 'altra-password' });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('user_already_exists');
    expect(again.data.session).toBeNull();
    const { rows } = await server.server.context.db.query(
      `select count(*)::int as n from auth.users where lower(email) = 'doppia@example.com'`,
    );
    expect(rows[0]).toEqual({ n: 1 });
    const original = await server.client().auth.signInWithPassword({
      email: 'doppia@example.com',
      password: 'prima-password',
    });
    expect(original.error).toBeNull();
  });

  it('refuses weak passwords, missing passwords and malformed e-mails', async () => {
    const weak = await server.client().auth.signUp({ email: 'corta@example.com', password: '12345' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(['length']);

    const empty = await server.client().auth.signUp({ email: 'vuota@example.com', password: '' });
    expect(empty.error?.status).toBe(400);
    expect(empty.error?.code).toBe('validation_failed');

    const invalid = await server.client().auth.signUp({ email: 'non-una-email', password: 'abbastanza' });
    expect(invalid.error?.status).toBe(400);
    expect(invalid.error?.code).toBe('validation_failed');
    expect(invalid.error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('answers a field of the wrong type with bad_json and a repeated query key with validation_failed, as GoTrue does', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const body of [{ email: 42, password: 'abbastanza' }, { email: 'n@example.com', data: 'x' }, []]) {
      const response = await post('/auth/v1/signup', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error_code: 'bad_json',
        msg: 'Could not parse request body as JSON',
      });
    }
    const nulls = await post('/auth/v1/signup', {
      email: 'nulli@example.com',
      password: 'abbastanza',
      data: null,
    });
    expect(nulls.status).toBe(200);

    const repeated = await post('/auth/v1/recover?redirect_to=a&redirect_to=b', { email: 'n@example.com' });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toMatchObject({ error_code: 'validation_failed' });
  });

  it('signs in with the password, case-insensitively, and records the sign-in', async () => {
    await server.client().auth.signUp({ email: 'marta@example.com', password: 'ciglia-lunghe' });
    const client = server.client();
    const { data, error } = await client.auth.signInWithPassword({
      email: 'Marta@Example.com',
      password: 'ciglia-lunghe',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('marta@example.com');
    expect(data.user?.last_sign_in_at).toBeTruthy();
    expect(decodeJwt(data.session!.access_token).amr).toEqual([
      { method: 'password', timestamp: expect.any(Number) },
    ]);
    expect((await client.auth.getUser()).data.user?.id).toBe(data.user?.id);
  });

  it('answers a wrong password and an unknown e-mail alike: 400 invalid_credentials', async () => {
    await server.client().auth.signUp({ email: 'sara@example.com', password: 'giusta-password' });
    const wrong = await server.client().auth.signInWithPassword({
      email: 'sara@example.com',
      password: 'sbagliata',
    });
    const unknown = await server.client().auth.signInWithPassword({
      email: 'nessuno@example.com',
      password: 'sbagliata',
    });
    for (const result of [wrong, unknown]) {
      expect(result.error?.status).toBe(400);
      expect(result.error?.code).toBe('invalid_credentials');
      expect(result.error?.message).toBe('Invalid login credentials');
      expect(result.data.session).toBeNull();
    }
  });

  it('signs in users whose password SQL set with crypt(), and SQL verifies the hashes it writes', async () => {
    const { db } = server.server.context;
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
         'sql@example.com', extensions.crypt('dalla-sql', extensions.gen_salt('bf')), now(),
         '{"provider":"email","providers":["email"]}', '{}')`,
    );
    const fromSql = await server
      .client()
      .auth.signInWithPassword({ email: 'sql@example.com', password: 'dalla-sql' });
    expect(fromSql.error).toBeNull();

    await server.client().auth.signUp({ email: 'hash@example.com', password: 'dalla-api' });
    const { rows } = await db.query<{ ok: boolean; hash: string }>(
      `select encrypted_password = extensions.crypt('dalla-api', encrypted_password) as ok, encrypted_password as hash
         from auth.users where email = 'hash@example.com'`,
    );
    expect(rows[0]!.ok).toBe(true);
    expect(rows[0]!.hash).toMatch(/^\$2a\$10\$/);
  });

  it('reports its settings and health', async () => {
    const settings = await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.anonKey } });
    expect(await settings.json()).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: true,
    });
    const health = await fetch(`${server.url}/auth/v1/health`);
    expect(health.status).toBe(200);
  });
});

describe('auth: sign-up disabled', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [], config: { auth: { enableSignup: false } } });
  });
  afterAll(() => server?.stop());

  it('refuses sign-ups with 422 signup_disabled', async () => {
    const { error } = await server.client().auth.signUp({ email: 'no@example.com', password: 'qualsiasi' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('signup_disabled');
  });
});
