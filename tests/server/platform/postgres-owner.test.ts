import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder, loadConfig } from '../../../server/config.ts';
import { startServer, type RunningServer } from '../../../server/start.ts';
import { testDatabaseKind } from '../../support/test-database.ts';

const superuserUrl = process.env.TEST_DATABASE_URL ?? '';

async function asSuperuser(sql: string) {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The roles as a superuser (or Supabase) prepares them; another process may be doing the same. */
async function ensureReservedRoles() {
  await asSuperuser(`do $$
    begin
      if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
      if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
      if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
      if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator noinherit; end if;
    exception when duplicate_object or unique_violation then null;
    end $$`);
}

describe.skipIf(testDatabaseKind !== 'postgres')(
  'PostgreSQL: a database owner that is not a superuser',
  () => {
    const suffix = randomBytes(5).toString('hex');
    const owner = `passaparola_owner_${suffix}`;
    const database = `passaparola_owned_${suffix}`;
    const password = randomBytes(12).toString('hex');
    const stranger = `passaparola_stranger_${suffix}`;
    const strangerDatabase = `passaparola_stranger_${suffix}`;
    let server: RunningServer | undefined;

    const start = (role: string, name: string) => {
      const url = new URL(superuserUrl);
      url.username = role;
      url.password = password;
      url.pathname = `/${name}`;
      return startServer(
        {
          ...loadConfig({}),
          mailPort: 0,
          port: 0,
          host: '127.0.0.1',
          dataDir: '',
          jwtSecret: 'test-jwt-secret-with-at-least-32-characters',
          databaseUrl: url.toString(),
          migrationFolders: [defaultMigrationsFolder],
          staticDir: undefined,
        },
        { persistData: false },
      );
    };

    beforeAll(async () => {
      await ensureReservedRoles();
      for (const role of [owner, stranger]) {
        await asSuperuser(
          `create role ${role} login nosuperuser nocreaterole nocreatedb password '${password}'`,
        );
      }
      // The one right beyond owning the database: membership in the three roles it switches into.
      await asSuperuser(`grant anon, authenticated, service_role to ${owner}`);
      await asSuperuser(`create database ${database} owner ${owner}`);
      await asSuperuser(`create database ${strangerDatabase} owner ${stranger}`);
    });
    afterAll(async () => {
      await server?.stop();
      for (const name of [database, strangerDatabase]) {
        await asSuperuser(`drop database if exists ${name} with (force)`);
      }
      for (const role of [owner, stranger]) await asSuperuser(`drop role if exists ${role}`);
    });

    it('starts on a cluster whose reserved roles exist, then serves sign-up and rpc', async () => {
      server = await start(owner, database);
      const { rows } = await server.context.db.query<{ superuser: boolean; createrole: boolean }>(
        'select rolsuper as superuser, rolcreaterole as createrole from pg_roles where rolname = current_user',
      );
      expect(rows[0]).toEqual({ superuser: false, createrole: false });

      const client = createClient(server.url, server.context.keys.anonKey, {
        db: { schema: 'api' },
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      });
      const email = `titolare-${suffix}@example.com`;
      const { data, error } = await client.auth.signUp({ email, password: 'password-sicura' });
      expect(error).toBeNull();
      expect(data.session).not.toBeNull();
      const { data: whoami, error: rpcError } = await client.rpc('whoami');
      expect(rpcError).toBeNull();
      expect(whoami).toMatchObject({ email, is_platform_admin: false });
    });

    it('refuses to start, saying what to do, when the owner is not a member of the roles', async () => {
      await expect(start(stranger, strangerDatabase)).rejects.toThrow(
        `The role ${stranger} may not prepare the roles anon, authenticated and service_role`,
      );
    });
  },
);
