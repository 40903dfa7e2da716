import { randomUUID } from 'node:crypto';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Inbox, subscribed } from '../../support/realtime.ts';
import {
  createSupabaseShapedDatabase,
  type SupabaseShapedDatabase,
} from '../../support/supabase-shaped-database.ts';
import { testDatabaseKind } from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const fixtures = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname;

describe.skipIf(testDatabaseKind !== 'postgres')(
  'server/ on a database prepared as Supabase prepares it, logged in without superuser',
  () => {
    const started: { server: TestServer; database: SupabaseShapedDatabase }[] = [];
    /** A server on a fresh Supabase-shaped database, with one folder of contract fixtures. */
    const serverWith = async (fixture: string) => {
      const database = await createSupabaseShapedDatabase();
      const server = await startTestServer({
        migrationFolders: [fixtures(fixture)],
        config: { databaseUrl: database.url },
      }).catch(async (error: unknown) => {
        await database.drop();
        throw error;
      });
      started.push({ server, database });
      return { server, database };
    };
    const queryOn =
      (server: TestServer) =>
      <Row>(sql: string, params?: unknown[]) =>
        server.server.context.db.query<Row>(sql, params).then((result) => result.rows);

    let database: SupabaseShapedDatabase;
    let server: TestServer;
    let query: ReturnType<typeof queryOn>;

    beforeAll(async () => {
      ({ server, database } = await serverWith('rpc-migrations'));
      query = queryOn(server);
    });
    afterAll(async () => {
      for (const { server, database } of started) {
        await server.stop();
        await database.drop();
      }
    });

    it('runs as a login without superuser, beside the platform-owned auth, storage and realtime', async () => {
      const [login] = await query<{ name: string; superuser: boolean }>(
        'select current_user as name, rolsuper as superuser from pg_roles where rolname = current_user',
      );
      expect(login).toEqual({ name: database.login, superuser: false });
      const owners = await query<{ name: string; owner: string }>(
        `select nspname as name, nspowner::regrole::text as owner from pg_namespace
          where nspname in ('auth', 'storage', 'realtime', '_realtime') order by nspname`,
      );
      expect(owners).toEqual([
        { name: '_realtime', owner: database.login },
        { name: 'auth', owner: 'supabase_admin' },
        { name: 'realtime', owner: 'supabase_realtime_admin' },
        { name: 'storage', owner: 'supabase_admin' },
      ]);
      const [users] = await query<{ owner: string; rls: boolean; id_default: string | null }>(
        `select relowner::regrole::text as owner, relrowsecurity as rls,
                (select pg_get_expr(adbin, adrelid) from pg_attrdef d join pg_attribute a
                   on a.attrelid = d.adrelid and a.attnum = d.adnum where d.adrelid = c.oid and a.attname = 'id') as id_default
           from pg_class c where oid = 'auth.users'::regclass`,
      );
      expect(users).toEqual({ owner: 'supabase_auth_admin', rls: true, id_default: null });
    });

    it('signs up, signs in and refreshes, and rpc sees the user', async () => {
      const client = server.client();
      const email = `supabase-${randomUUID()}@example.com`;
      const signUp = await client.auth.signUp({ email, password: 'password-sicura' });
      expect(signUp.error).toBeNull();
      const signedIn = await server.client().auth.signInWithPassword({ email, password: 'password-sicura' });
      expect(signedIn.error).toBeNull();
      const refreshed = await server.client().auth.refreshSession({
        refresh_token: signedIn.data.session!.refresh_token,
      });
      expect(refreshed.error).toBeNull();
      const asUser = server.client({ accessToken: refreshed.data.session!.access_token });
      const { data, error } = await asUser.rpc('add_note', { body: 'dal vero Supabase' });
      expect(error).toBeNull();
      expect(data).toMatchObject({ owner: signedIn.data.user!.id, body: 'dal vero Supabase' });
    });

    it('stores and serves an object under the bucket policies', async () => {
      const { server } = await serverWith('storage-migrations');
      const owner = randomUUID();
      const asOwner = server.client({
        accessToken: await server.token({ sub: owner, role: 'authenticated', aud: 'authenticated' }),
      });
      const uploaded = await asOwner.storage
        .from('documents')
        .upload(`${owner}/listino.txt`, 'Piega 20 €', { contentType: 'text/plain' });
      expect(uploaded.error).toBeNull();
      const downloaded = await asOwner.storage.from('documents').download(`${owner}/listino.txt`);
      expect(await downloaded.data?.text()).toBe('Piega 20 €');
      const stranger = server.client({
        accessToken: await server.token({ sub: randomUUID(), role: 'authenticated', aud: 'authenticated' }),
      });
      const refused = await stranger.storage.from('documents').download(`${owner}/listino.txt`);
      expect(refused.error).not.toBeNull();
    });

    it('delivers a change through realtime only to the subscriber who may read the row', async () => {
      const { server } = await serverWith('realtime-migrations');
      const query = queryOn(server);
      const alice = randomUUID();
      const bob = randomUUID();
      const subscriber = async (sub: string) => {
        const client = server.client();
        await client.realtime.setAuth(
          await server.token({ sub, role: 'authenticated', aud: 'authenticated' }),
        );
        const inbox = new Inbox<RealtimePostgresChangesPayload<Record<string, unknown>>>();
        const channel = client
          .channel(`items-${sub}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, inbox.push);
        await subscribed(channel);
        return inbox;
      };
      const [aliceInbox, bobInbox] = await Promise.all([subscriber(alice), subscriber(bob)]);
      const insert = (owner: string, body: string) =>
        query('insert into public.items (owner, body) values ($1, $2)', [owner, body]);
      await insert(bob, 'di Bob');
      await insert(alice, 'di Alice');
      expect((await aliceInbox.next()).new).toMatchObject({ owner: alice, body: 'di Alice' });
      expect((await bobInbox.next()).new).toMatchObject({ owner: bob, body: 'di Bob' });
    });
  },
);
