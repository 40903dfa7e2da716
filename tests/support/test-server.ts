import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { loadConfig, defaultMigrationsFolder, type ServerConfig } from '../../server/config.ts';
import { signJwt, type Claims } from '../../server/jwt/jwt.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { createSupabaseShapedDatabase } from './supabase-shaped-database.ts';
import { createThrowawayPostgres, supabaseShaped, testDatabaseKind } from './test-database.ts';

/** Untyped on purpose: the contract tests call functions that only their fixture migrations define. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TestClient = SupabaseClient<any, string, string>;

export interface TestServer {
  url: string;
  /** The local mailbox on 127.0.0.1, its own port (absent with SMTP): read it with support/mailbox.ts. */
  mailUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  server: RunningServer;
  /** A supabase-js client as the SPA creates it, on schema api; `accessToken` signs requests as a user. */
  client(options?: { accessToken?: string; schema?: string }): TestClient;
  /** An HS256 access token with the given claims, as if GoTrue had issued it. */
  token(claims: Claims, expiresInSeconds?: number): Promise<string>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Migration folders; the app's own supabase/migrations unless replaced. */
  migrationFolders?: string[];
  config?: Partial<ServerConfig>;
  /** Keep PGlite's files, the JWT secret and stored objects in `config.dataDir` (default: nowhere). */
  persistData?: boolean;
}

/** Starts the whole server in-process on a fresh database (PGlite in memory, or a throwaway PostgreSQL). */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const postgres =
    testDatabaseKind === 'postgres' && !options.config?.databaseUrl
      ? await (supabaseShaped ? createSupabaseShapedDatabase() : createThrowawayPostgres())
      : undefined;
  const config: ServerConfig = {
    ...loadConfig({}),
    port: 0,
    mailPort: 0,
    host: '127.0.0.1',
    dataDir: '',
    jwtSecret: 'test-jwt-secret-with-at-least-32-characters',
    databaseUrl: postgres?.url,
    migrationFolders: options.migrationFolders ?? [defaultMigrationsFolder],
    staticDir: undefined,
    // No background sending: a test drains the outbox itself, or turns the loop on.
    outboxIntervalMs: 0,
    // Many sign-ups from one address: the auth rate limits stay out of the way unless a test lowers them.
    auth: {
      rateLimits: {
        signInSignUps: 100_000,
        tokenRefresh: 100_000,
        tokenVerifications: 100_000,
        emailSent: 100_000,
      },
    },
    ...options.config,
  };
  let server: RunningServer;
  try {
    server = await startServer(config, { persistData: options.persistData ?? false });
  } catch (error) {
    await postgres?.drop();
    throw error;
  }
  const { anonKey, serviceRoleKey, jwtSecret } = server.context.keys;
  const clients: TestClient[] = [];
  return {
    url: server.url,
    get mailUrl() {
      if (!server.mailbox) throw new Error('This server sends e-mail over SMTP: it has no local mailbox');
      return server.mailbox.url;
    },
    anonKey,
    serviceRoleKey,
    jwtSecret,
    server,
    client({ accessToken, schema = 'api' } = {}) {
      const client: TestClient = createClient(server.url, anonKey, {
        db: { schema },
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
        global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
      });
      clients.push(client);
      return client;
    },
    token: (claims, expiresInSeconds = 3600) => signJwt(claims, jwtSecret, expiresInSeconds),
    async stop() {
      await Promise.all(clients.map((client) => client.removeAllChannels()));
      await server.stop();
      await postgres?.drop();
    },
  };
}
