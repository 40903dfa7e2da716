import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, mailbox } from '../../support/mailbox.ts';
import { startTestServer, type TestClient, type TestServer } from '../../support/test-server.ts';

async function signedUp(
  server: TestServer,
  email: string,
  password = 'password-sicura',
): Promise<TestClient> {
  const client = server.client();
  const { error } = await client.auth.signUp({ email, password });
  if (error) throw error;
  return client;
}

async function signedIn(
  server: TestServer,
  email: string,
  password = 'password-sicura',
): Promise<TestClient> {
  const client = server.client();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

async function post(server: TestServer, path: string, body: unknown) {
  return fetch(`${server.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify(body),
  });
}

describe('auth sessions: refresh rotation, logout, the user endpoint', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [] });
  });
  afterAll(() => server?.stop());

  it('rotates refresh tokens in the same session and answers a just-rotated token with the active one', async () => {
    const client = await signedUp(server, 'refresh@example.com');
    const first = (await client.auth.getSession()).data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);

    const replay = await post(server, '/token?grant_type=refresh_token', {
      refresh_token: first.refresh_token,
    });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { refresh_token: string }).refresh_token).toBe(second.refresh_token);
  });

  it('refuses unknown and malformed refresh tokens', async () => {
    const unknown = await post(server, '/token?grant_type=refresh_token', { refresh_token: 'abcdefghijkl' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'refresh_token_not_found' });
    const malformed = await server.client().auth.refreshSession({ refresh_token: 'non valido' });
    expect(malformed.error?.status).toBe(400);
    expect(malformed.error?.code).toBe('validation_failed');
  });

  it('reads and updates the user: metadata merged, app_metadata never writable by the user', async () => {
    const client = await signedUp(server, 'profilo@example.com');
    await client.auth.updateUser({ data: { name: 'Paola', phone_hint: '333' } });
    const updated = await client.auth.updateUser({ data: { phone_hint: null, city: 'Roma' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Paola', city: 'Roma' });
    expect(updated.data.user?.user_metadata).not.toHaveProperty('phone_hint');

    const token = (await client.auth.getSession()).data.session!.access_token;
    const sneaky = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(sneaky.status).toBe(403);
    const fresh = await client.auth.getUser();
    expect(fresh.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });

  it('checks new passwords: too short, the same as before', async () => {
    const client = await signedUp(server, 'cambio@example.com', 'vecchia-password');
    const weak = await client.auth.updateUser({ password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    const same = await client.auth.updateUser({ password: 'vecchia-password' });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
  });

  it('ends the other sessions on a password change', async () => {
    const mine = await signedUp(server, 'due-device@example.com');
    const other = await signedIn(server, 'due-device@example.com');
    expect((await mine.auth.updateUser({ password: 'password-nuova' })).error).toBeNull();
    expect((await mine.auth.getUser()).error).toBeNull();
    const gone = await other.auth.getUser();
    expect(gone.error?.name).toBe('AuthSessionMissingError');
  });

  it('refuses calls without a token, with the anon key, or with a forged one', async () => {
    const none = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: server.anonKey } });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'no_authorization' });
    const anon = await server.client().auth.getUser(server.anonKey);
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('bad_jwt');
    const forged = await server.client().auth.getUser(server.anonKey.replace(/.$/, 'x'));
    expect(forged.error?.code).toBe('bad_jwt');
  });

  it('logs out locally, the other devices, or everywhere, and logged-out tokens stop working', async () => {
    const email = 'logout@example.com';
    const a = await signedUp(server, email);
    const b = await signedIn(server, email);
    const c = await signedIn(server, email);
    const tokenOf = async (client: TestClient) => (await client.auth.getSession()).data.session!.access_token;
    const [tokenA, tokenB, tokenC] = [await tokenOf(a), await tokenOf(b), await tokenOf(c)];

    expect((await b.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await server.client().auth.getUser(tokenB)).error?.name).toBe('AuthSessionMissingError');
    expect((await server.client().auth.getUser(tokenA)).error).toBeNull();

    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await server.client().auth.getUser(tokenC)).error?.name).toBe('AuthSessionMissingError');
    expect((await server.client().auth.getUser(tokenA)).error).toBeNull();

    const d = await signedIn(server, email);
    const tokenD = await tokenOf(d);
    expect((await d.auth.signOut()).error).toBeNull();
    expect((await server.client().auth.getUser(tokenA)).error?.name).toBe('AuthSessionMissingError');
    expect((await server.client().auth.getUser(tokenD)).error?.name).toBe('AuthSessionMissingError');
    const { rows } = await server.server.context.db.query(
      `select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1`,
      [email],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('changes the e-mail only after both addresses confirm', async () => {
    const client = await signedUp(server, 'vecchia@example.com');
    const mail = mailbox(server.mailUrl);
    const asked = await client.auth.updateUser({ email: 'nuova-casella@example.com' });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe('vecchia@example.com');
    expect(asked.data.user?.new_email).toBe('nuova-casella@example.com');

    const taken = await client.auth.updateUser({ email: 'profilo@example.com' });
    expect(taken.error?.code).toBe('email_exists');

    const toNew = linkIn((await mail.latestTo('nuova-casella@example.com')).Text, '/auth/v1/verify');
    const toOld = linkIn((await mail.latestTo('vecchia@example.com')).Text, '/auth/v1/verify');
    const first = await server
      .client()
      .auth.verifyOtp({ token_hash: toNew.searchParams.get('token')!, type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const second = await server
      .client()
      .auth.verifyOtp({ token_hash: toOld.searchParams.get('token')!, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe('nuova-casella@example.com');
    expect((await signedIn(server, 'nuova-casella@example.com')).auth).toBeDefined();
  });
});

describe('auth sessions: reuse of a refresh token beyond the reuse interval', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      migrationFolders: [],
      config: { auth: { refreshTokenReuseInterval: 0 } },
    });
  });
  afterAll(() => server?.stop());

  it('refuses the stolen token with refresh_token_already_used and revokes the whole session', async () => {
    const client = await signedUp(server, 'furto@example.com');
    const first = (await client.auth.getSession()).data.session!;
    const second = (await client.auth.refreshSession()).data.session!;
    const third = (await client.auth.refreshSession()).data.session!;
    expect(third.refresh_token).not.toBe(second.refresh_token);

    const stolen = await server.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(stolen.error?.status).toBe(400);
    expect(stolen.error?.code).toBe('refresh_token_already_used');

    const legit = await server.client().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(legit.error?.status).toBe(400);
    expect((await server.client().auth.getUser(third.access_token)).error?.name).toBe(
      'AuthSessionMissingError',
    );
  });
});
