import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder } from '../../../server/config.ts';
import { createAdmin, createMerchant, joinAsClient } from '../../support/fixtures.ts';
import {
  createThrowawayPostgres,
  testDatabaseKind,
  type ThrowawayDatabase,
} from '../../support/test-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const fixtureMigrations = fileURLToPath(new URL('../fixtures/api-login-migrations', import.meta.url));
const authenticatorPassword = 'authenticator-test-password';

/** The same database as `url`, logged in as PostgREST's authenticator. */
function asAuthenticator(url: string): string {
  const login = new URL(url);
  login.username = 'authenticator';
  login.password = authenticatorPassword;
  return login.toString();
}

/** /rest/v1 through its own login, as PostgREST connects: `authenticator`, which can only switch roles. */
describe.runIf(testDatabaseKind === 'postgres')(
  'API_DATABASE_URL: rest calls log in as authenticator',
  () => {
    let database: ThrowawayDatabase;
    let server: TestServer;

    beforeAll(async () => {
      database = await createThrowawayPostgres();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        // The platform bootstrap gives the role its attributes and memberships; a login needs a password.
        await admin.query(`do $$ begin
        if not exists (select 1 from pg_roles where rolname = 'authenticator') then
          create role authenticator login noinherit;
        end if; end $$`);
        await admin.query(`alter role authenticator password '${authenticatorPassword}'`);
      } finally {
        await admin.end();
      }
      server = await startTestServer({
        migrationFolders: [defaultMigrationsFolder, fixtureMigrations],
        config: { databaseUrl: database.url, apiDatabaseUrl: asAuthenticator(database.url) },
      });
    });
    afterAll(async () => {
      await server?.stop();
      await database?.drop();
    });

    it('runs each call as the caller’s role on the authenticator login', async () => {
      const anonymous = await server.client().rpc('session_login');
      expect(anonymous.data).toEqual({ login: 'authenticator', role: 'anon' });

      const service = await server.client({ accessToken: server.serviceRoleKey }).rpc('session_login');
      expect(service.data).toEqual({ login: 'authenticator', role: 'service_role' });

      const admin = await createAdmin(server);
      const signedIn = await admin.client.rpc('session_login');
      expect(signedIn.data).toEqual({ login: 'authenticator', role: 'authenticated' });
    });

    it('serves the app through it: a salon is created and a customer joins', async () => {
      const { merchant } = await createMerchant(server, await createAdmin(server), 'Salone Autenticato');
      const { joined, persona } = await joinAsClient(server, merchant.slug, { name: 'Giulia Verdi' });
      expect(joined.client_code).toMatch(/\S/);
      const own = await persona.client.rpc('session_login');
      expect(own.data).toEqual({ login: 'authenticator', role: 'authenticated' });
    });

    it('gives the login itself no access to the data: only the roles it switches into have any', async () => {
      const login = new pg.Client({ connectionString: asAuthenticator(database.url) });
      await login.connect();
      try {
        await expect(login.query('select count(*) from app.merchants')).rejects.toThrow(/permission denied/);
        await expect(login.query('select api.session_login()')).rejects.toThrow(/permission denied/);
      } finally {
        await login.end();
      }
    });
  },
);

it('refuses API_DATABASE_URL without DATABASE_URL: the embedded PGlite has one login', async () => {
  const { loadConfig } = await import('../../../server/config.ts');
  expect(() => loadConfig({ API_DATABASE_URL: 'postgres://authenticator:x@localhost/postgres' })).toThrow(
    'API_DATABASE_URL needs DATABASE_URL',
  );
});
