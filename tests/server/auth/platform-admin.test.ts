import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder, loadConfig, type ServerConfig } from '../../../server/config.ts';
import { startServer, type RunningServer } from '../../../server/start.ts';
import {
  createThrowawayPostgres,
  testDatabaseKind,
  type ThrowawayDatabase,
} from '../../support/test-database.ts';

const email = 'titolare@example.com';
const password = 'password-sicura';

function client(server: RunningServer) {
  return createClient(server.url, server.context.keys.anonKey, {
    db: { schema: 'api' },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

describe('ADMIN_EMAIL adopting an existing account at start', () => {
  let dataDir = '';
  let postgres: ThrowawayDatabase | undefined;
  let running: RunningServer | undefined;

  // Two starts on one database: PGlite in a folder, or one PostgreSQL database.
  const start = async (admin: Partial<ServerConfig>) => {
    const config: ServerConfig = {
      ...loadConfig({}),
      mailPort: 0,
      port: 0,
      host: '127.0.0.1',
      dataDir,
      jwtSecret: 'test-jwt-secret-with-at-least-32-characters',
      databaseUrl: postgres?.url,
      migrationFolders: [defaultMigrationsFolder],
      staticDir: undefined,
      ...admin,
    };
    running = await startServer(config, { persistData: !postgres });
    return running;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'passaparola-admin-'));
    if (testDatabaseKind === 'postgres') postgres = await createThrowawayPostgres();
  });
  afterAll(async () => {
    await running?.stop();
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('revokes every earlier session of the account, so only a fresh sign-in is admin', async () => {
    const before = await start({});
    const user = client(before);
    const { error: signUpError } = await user.auth.signUp({ email, password });
    expect(signUpError).toBeNull();
    const { data: signedIn, error } = await user.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const old = signedIn.session!;
    const { data: whoBefore } = await user.rpc('whoami');
    expect(whoBefore).toMatchObject({ email, is_platform_admin: false });
    await before.stop();

    const after = await start({ adminEmail: email, adminPassword: password });
    const stale = client(after);
    const { error: refreshError } = await stale.auth.refreshSession({ refresh_token: old.refresh_token });
    expect(refreshError).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const { error: userError } = await stale.auth.getUser(old.access_token);
    // supabase-js reports GoTrue's 403 session_not_found as a missing session.
    expect(userError?.name).toBe('AuthSessionMissingError');
    // The old access token is still within its hour, but its session is gone: no admin powers.
    const oldToken = createClient(after.url, after.context.keys.anonKey, {
      db: { schema: 'api' },
      accessToken: async () => old.access_token,
    });
    const { data: whoStale } = await oldToken.rpc('whoami');
    expect(whoStale).toMatchObject({ email, is_platform_admin: false });
    const { error: staleAdminError } = await oldToken.rpc('admin_list_merchants');
    expect(staleAdminError).toMatchObject({ code: '42501' });

    const fresh = client(after);
    const { error: freshError } = await fresh.auth.signInWithPassword({ email, password });
    expect(freshError).toBeNull();
    const { data: whoAfter } = await fresh.rpc('whoami');
    expect(whoAfter).toMatchObject({ email, is_platform_admin: true });
  });

  it('keeps the admin signed in across later starts', async () => {
    await running!.stop();
    running = undefined;
    const first = await start({ adminEmail: email, adminPassword: password });
    const { data, error } = await client(first).auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    await first.stop();

    const second = await start({ adminEmail: email, adminPassword: password });
    const { data: refreshed, error: refreshError } = await client(second).auth.refreshSession({
      refresh_token: data.session!.refresh_token,
    });
    expect(refreshError).toBeNull();
    expect(refreshed.session?.user.email).toBe(email);
  });
});
