import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { italianErrorMessage } from '../../../src/lib/error-messages.ts';
import { testDatabaseKind } from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const slowFixtures = new URL('../fixtures/slow-migrations', import.meta.url).pathname;

describe('platform bootstrap: roles, timeouts and privileges as Supabase defines them', () => {
  let server: TestServer;
  const query = <Row>(sql: string, params?: unknown[]) =>
    server.server.context.db.query<Row>(sql, params).then((result) => result.rows);

  beforeAll(async () => {
    server = await startTestServer({ migrationFolders: [slowFixtures] });
  });
  afterAll(() => server?.stop());

  it('makes anon, authenticated and service_role INHERIT, and authenticator a NOINHERIT login of all three', async () => {
    const roles = await query<{
      rolname: string;
      rolinherit: boolean;
      rolcanlogin: boolean;
      rolbypassrls: boolean;
    }>(
      `select rolname, rolinherit, rolcanlogin, rolbypassrls from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    expect(roles).toEqual([
      { rolname: 'anon', rolinherit: true, rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticated', rolinherit: true, rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticator', rolinherit: false, rolcanlogin: true, rolbypassrls: false },
      { rolname: 'service_role', rolinherit: true, rolcanlogin: false, rolbypassrls: true },
    ]);
    const memberships = await query<{ role: string; member: boolean }>(
      `select r as role, pg_has_role('authenticator', r, 'member') as member
         from unnest(array['anon', 'authenticated', 'service_role']) as r`,
    );
    expect(memberships.every((row) => row.member)).toBe(true);
  });

  it('keeps the statement timeouts as role settings: anon 3 s, authenticated 8 s, authenticator 8 s', async () => {
    const settings = await query<{ rolname: string; setting: string }>(
      `select r.rolname, item as setting
         from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) as item
        where s.setdatabase = 0 and r.rolname in ('anon', 'authenticated', 'authenticator')
          and item like 'statement_timeout=%' order by r.rolname`,
    );
    expect(settings).toEqual([
      { rolname: 'anon', setting: 'statement_timeout=3s' },
      { rolname: 'authenticated', setting: 'statement_timeout=8s' },
      { rolname: 'authenticator', setting: 'statement_timeout=8s' },
    ]);
  });

  // PGlite runs no timers inside its single backend: statement_timeout is accepted and never fires.
  const onPostgres = it.skipIf(testDatabaseKind === 'pglite');

  onPostgres(
    "cancels an anonymous call after anon's 3 s with PostgREST's 57014, while a signed-in one may go on",
    async () => {
      const anonymous = await server.client().rpc('wait_for', { seconds: 3.5 });
      expect(anonymous.status).toBe(500);
      expect(anonymous.error).toMatchObject({
        code: '57014',
        message: 'canceling statement due to statement timeout',
      });
      expect(italianErrorMessage({ ...anonymous.error!, status: anonymous.status })).toBe(
        'il server non risponde: riprova',
      );

      const token = await server.token({
        sub: crypto.randomUUID(),
        role: 'authenticated',
        aud: 'authenticated',
      });
      const signedIn = await server.client({ accessToken: token }).rpc('wait_for', { seconds: 3.5 });
      expect(signedIn.error).toBeNull();
      expect(signedIn.data).toBe('fatto');
    },
  );

  onPostgres(
    'takes a changed role setting after NOTIFY pgrst, as PostgREST reloads role settings',
    async () => {
      const db = server.server.context.db;
      const anonymousCallTimesOut = async () =>
        (await server.client().rpc('wait_for', { seconds: 0.5 })).error?.code === '57014';
      expect(await anonymousCallTimesOut()).toBe(false);
      await db.exec(`alter role anon in database ${await currentDatabase()} set statement_timeout = '200ms'`);
      try {
        await db.exec(`notify pgrst, 'reload config'`);
        await expect.poll(anonymousCallTimesOut, { timeout: 10_000, interval: 100 }).toBe(true);
      } finally {
        await db.exec(`alter role anon in database ${await currentDatabase()} reset statement_timeout`);
        await db.exec(`notify pgrst, 'reload config'`);
      }
      await expect.poll(anonymousCallTimesOut, { timeout: 10_000, interval: 100 }).toBe(false);
    },
  );

  async function currentDatabase() {
    const [row] = await query<{ name: string }>('select quote_ident(current_database()) as name');
    return row!.name;
  }

  it('enables row level security on every table of auth', async () => {
    const tables = await query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
        where relnamespace = 'auth'::regnamespace and relkind = 'r' order by relname`,
    );
    expect(tables.map((table) => table.relname)).toEqual(
      expect.arrayContaining(['users', 'identities', 'sessions', 'refresh_tokens', 'one_time_tokens']),
    );
    expect(tables.filter((table) => !table.relrowsecurity)).toEqual([]);
  });

  it('gives the API roles USAGE only on public and extensions, never CREATE', async () => {
    const privileges = await query<{ role: string; schema: string; usage: boolean; create: boolean }>(
      `select r as role, n as schema, has_schema_privilege(r, n, 'usage') as usage,
              has_schema_privilege(r, n, 'create') as create
         from unnest(array['anon', 'authenticated', 'service_role']) as r,
              unnest(array['public', 'extensions']) as n`,
    );
    expect(privileges).toHaveLength(6);
    for (const row of privileges)
      expect(row, `${row.role} on ${row.schema}`).toMatchObject({ usage: true, create: false });
    const { rows } = await server.server.context.db.query<{ schema: string }>(
      `select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pgcrypto'`,
    );
    expect(rows).toEqual([{ schema: 'extensions' }]);
  });
});
