import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox } from '../../support/mailbox.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

describe('auth admin: /admin/users for the service role only', () => {
  let server: TestServer;
  const admin = () =>
    createClient(server.url, server.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    }).auth.admin;

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [] });
  });
  afterAll(() => server?.stop());

  it('creates users without an e-mail, confirmed when asked, with metadata as given', async () => {
    const { data, error } = await admin().createUser({
      email: 'Titolare@Example.com',
      password: 'x',
      email_confirm: true,
      user_metadata: { name: 'Salone Bella' },
      app_metadata: { merchant: 'salone-bella' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: 'titolare@example.com',
      user_metadata: { name: 'Salone Bella' },
      app_metadata: { provider: 'email', providers: ['email'], merchant: 'salone-bella' },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(await mailbox(server.mailUrl).to('titolare@example.com')).toEqual([]);
    const signIn = await server
      .client()
      .auth.signInWithPassword({ email: 'titolare@example.com', password: 'x' });
    expect(signIn.error).toBeNull();

    const duplicate = await admin().createUser({ email: 'titolare@example.com', password: 'altro' });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe('email_exists');
  });

  it('gets, lists, updates and deletes users', async () => {
    const created = (await admin().createUser({ email: 'gestita@example.com', password: 'prima-pass' })).data
      .user!;
    expect((await admin().getUserById(created.id)).data.user?.email).toBe('gestita@example.com');

    const list = await admin().listUsers({ page: 1, perPage: 1 });
    expect(list.error).toBeNull();
    expect(list.data.users).toHaveLength(1);
    const page = list.data as { total?: number; nextPage?: number | null };
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.nextPage).toBe(2);
    expect((list.data as { aud?: string }).aud).toBe('authenticated');

    const updated = await admin().updateUserById(created.id, {
      password: 'seconda-pass',
      email_confirm: true,
      user_metadata: { name: 'Gestita' },
      app_metadata: { role: 'merchant' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toMatchObject({ role: 'merchant' });
    const signIn = await server
      .client()
      .auth.signInWithPassword({ email: 'gestita@example.com', password: 'seconda-pass' });
    expect(signIn.error).toBeNull();

    const banned = await admin().updateUserById(created.id, { ban_duration: '24h' });
    expect(banned.data.user?.banned_until).toBeTruthy();
    const refused = await server
      .client()
      .auth.signInWithPassword({ email: 'gestita@example.com', password: 'seconda-pass' });
    expect(refused.error?.code).toBe('user_banned');

    expect((await admin().deleteUser(created.id)).error).toBeNull();
    const gone = await admin().getUserById(created.id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    expect((await server.client().auth.getUser(signIn.data.session!.access_token)).error?.code).toBe(
      'user_not_found',
    );
  });

  it('refuses invalid pagination with 400 validation_failed, as GoTrue does', async () => {
    for (const [params, reason] of [
      [{ page: -1 }, 'strconv.ParseUint: parsing "-1": invalid syntax'],
      [{ page: 1.5 }, 'strconv.ParseUint: parsing "1.5": invalid syntax'],
      [{ perPage: 'abc' as unknown as number }, 'strconv.ParseUint: parsing "abc": invalid syntax'],
      [{ perPage: 0 }, 'per_page must be greater than 0'],
    ] as const) {
      const { data, error } = await admin().listUsers(params);
      expect(error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: `Bad Pagination Parameters: ${reason}`,
      });
      expect(data.users).toEqual([]);
    }
  });

  it('refuses the anon key and user tokens with 403 not_admin, and no token with 401', async () => {
    const asAnon = createClient(server.url, server.anonKey, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as never },
    }).auth.admin;
    const anon = await asAnon.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');

    const user = server.client();
    const session = (await user.auth.signUp({ email: 'curiosa@example.com', password: 'voglio-vedere' })).data
      .session!;
    const asUser = createClient(server.url, server.anonKey, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${session.access_token}` } },
    }).auth.admin;
    const created = await asUser.createUser({ email: 'intrusa@example.com', password: 'intrusa' });
    expect(created.error?.status).toBe(403);
    expect(created.error?.code).toBe('not_admin');
    expect((await asUser.deleteUser(session.user.id)).error?.code).toBe('not_admin');

    const none = await fetch(`${server.url}/auth/v1/admin/users`, { headers: { apikey: server.anonKey } });
    expect(none.status).toBe(401);
    const { rows } = await server.server.context.db.query(
      `select 1 from auth.users where email = 'intrusa@example.com'`,
    );
    expect(rows).toEqual([]);
  });
});
