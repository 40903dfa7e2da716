import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import type { AuthOverrides } from './auth/settings.ts';
import type { HttpLimits } from './http/limits.ts';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import { ConfigError } from './config-error.ts';
import type { VapidSettings } from './push/vapid-keys.ts';
import { substituteEnv } from './toml-env.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(54321),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  API_DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SITE_URL: z.string().url().optional(),
  API_EXTERNAL_URL: z.string().url().optional(),
  MAIL_PORT: z.coerce.number().int().min(0).max(65535).default(54324),
  MAIN_SITE_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SMTP_URL: z.string().optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY: 65 bytes, base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY: 32 bytes, base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT: a mailto: or https:// address')
    .optional(),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  IDLE_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  SERVE_SOURCE_MAPS: z.enum(['0', '1', 'true', 'false']).optional(),
  REALTIME_VISIBILITY_CHECK: z.enum(['batched', 'per-session']).optional(),
  SIGN_UP_FUNCTIONS: z
    .string()
    .optional()
    .transform((value) => value?.split(',').map((name) => name.trim()))
    .pipe(
      z.array(z.string().regex(/^\w+\.\w+$/, 'SIGN_UP_FUNCTIONS lists schema.function names')).optional(),
    ),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed !== undefined && typeof parsed === 'object' && 'problem' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    }),
});

const tomlSchema = z.object({
  api: z
    .object({
      schemas: z.array(z.string()).default(['api']),
      extra_search_path: z.array(z.string()).default(['public', 'extensions']),
      max_rows: z.number().default(1000),
    })
    .default({ schemas: ['api'], extra_search_path: ['public', 'extensions'], max_rows: 1000 }),
  auth: z.record(z.string(), z.unknown()).default({}),
  storage: z.record(z.string(), z.unknown()).default({}),
});

export type SupabaseToml = z.infer<typeof tomlSchema>;

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for PGlite's files, the generated JWT secret, the mailbox and stored objects. */
  dataDir: string;
  databaseUrl?: string;
  /**
   * The login /rest/v1 calls connect with, as PostgREST's `authenticator`: it can only switch into
   * anon, authenticated and service_role. Absent: the requests share DATABASE_URL's login.
   */
  apiDatabaseUrl?: string;
  jwtSecret?: string;
  /** Public address of the app (auth.site_url); defaults to http://localhost:PORT. */
  siteUrl?: string;
  /** Public address of this server, the origin of e-mailed /auth/v1/verify links; defaults to siteUrl. */
  apiExternalUrl?: string;
  /** Port of the local mailbox (its pages and Mailpit-style API), on 127.0.0.1 only; 0 = any free port. */
  mailPort: number;
  /** Where unknown paths and 'Esci' lead: the product's public site. */
  mainSiteUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  smtpUrl?: string;
  /** Web Push's VAPID keys; unset, a pair is generated into DATA_DIR (server/push/vapid-keys.ts). */
  vapid?: VapidSettings;
  /** How often the server sends the due e-mails of app.notification_outbox; 0 = never (a worker does). */
  outboxIntervalMs: number;
  /**
   * Behind reverse proxies: how many hops, or which proxy addresses, may name the client in
   * X-Forwarded-For (rate limits are per address; HSTS needs X-Forwarded-Proto). Unset: none.
   */
  trustProxy?: TrustProxy;
  /** Timeouts and connection limits (tests lower them): see server/http/limits.ts for the defaults. */
  http?: Partial<HttpLimits>;
  /** Folders of supabase/migrations style SQL files, applied in version order. */
  migrationFolders: string[];
  /** Serve the build's `*.map` files (off: the public sees the minified code only). */
  serveSourceMaps?: boolean;
  /** The built SPA; absent in tests that only need the APIs. */
  staticDir?: string;
  toml: SupabaseToml;
  /** Auth settings over config.toml's (tests raise the rate limits, or lower them). */
  auth?: AuthOverrides;
  /** Realtime limits (tests lower them): see server/realtime/index.ts for the defaults. */
  realtime?: RealtimeLimits;
  /** The application's names the server acts on (the project's own by default). */
  app: AppNames;
}

/** Where the server meets the application's schema: names only the application defines. */
export interface AppNames {
  /**
   * `schema.function` names of the api functions an anonymous sign-up calls: those that create a login,
   * and those that tell a visitor something about a person (a sponsor's name). Each anonymous call
   * counts as a sign-up of the caller's address (SIGN_UP_FUNCTIONS, comma-separated).
   */
  signUpFunctions: string[];
  /** The table (`singleton`, `minimum_length`) given `[auth] minimum_password_length` at start. */
  passwordPolicyTable: string;
  /** The table (`user_id`) that makes ADMIN_EMAIL's account a platform admin. */
  platformAdminsTable: string;
}

/**
 * This project's names: a salon's join form signs a visitor up, and shows the sponsor of a referral link
 * (counted too, so codes cannot be walked to list a salon's clients); the admins and password rule of `app`.
 */
export const projectAppNames: AppNames = {
  signUpFunctions: ['api.join_merchant', 'api.sponsor_preview'],
  passwordPolicyTable: 'app.password_policy',
  platformAdminsTable: 'app.platform_admins',
};

export interface RealtimeLimits {
  /** A socket that has sent nothing for this long is dropped (default 60 s). */
  heartbeatTimeoutMs?: number;
  /** A socket with more than this many bytes queued for sending is dropped (default 4 MiB). */
  maxBufferedBytes?: number;
  /**
   * `batched` (default): one statement checks a change for all subscribers. `per-session`: one
   * transaction per subscriber's claims, the earlier way, for benchmarks (REALTIME_VISIBILITY_CHECK).
   */
  visibilityCheck?: 'batched' | 'per-session';
}

/** config.toml with its `"env(NAME)"` values taken from `environment` (unset ones left out). */
export function readSupabaseToml(
  environment: NodeJS.ProcessEnv = process.env,
  path = `${projectRoot}supabase/config.toml`,
): SupabaseToml {
  return tomlSchema.parse(substituteEnv(parseToml(readFileSync(path, 'utf8')), environment));
}

export const defaultMigrationsFolder = `${projectRoot}supabase/migrations`;
export const defaultStaticDir = `${projectRoot}dist`;

export { ConfigError } from './config-error.ts';

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable counts as unset, as shells and .env files often leave them.
  const given = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.API_DATABASE_URL && !env.DATABASE_URL)
    throw new ConfigError('API_DATABASE_URL needs DATABASE_URL: the embedded PGlite has one login');
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    apiDatabaseUrl: env.API_DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    siteUrl: env.SITE_URL,
    apiExternalUrl: env.API_EXTERNAL_URL,
    mailPort: env.MAIL_PORT,
    mainSiteUrl: env.MAIN_SITE_URL,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    smtpUrl: env.SMTP_URL,
    vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
    outboxIntervalMs: env.OUTBOX_INTERVAL_MS,
    trustProxy: env.TRUST_PROXY,
    serveSourceMaps: env.SERVE_SOURCE_MAPS === '1' || env.SERVE_SOURCE_MAPS === 'true',
    http: Object.fromEntries(
      Object.entries({
        requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
        headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
        idleTimeoutMs: env.IDLE_TIMEOUT_MS,
        keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      }).filter(([, value]) => value !== undefined),
    ),
    ...(env.REALTIME_VISIBILITY_CHECK
      ? { realtime: { visibilityCheck: env.REALTIME_VISIBILITY_CHECK } }
      : {}),
    app: {
      ...projectAppNames,
      signUpFunctions: env.SIGN_UP_FUNCTIONS ?? projectAppNames.signUpFunctions,
    },
    migrationFolders: [defaultMigrationsFolder],
    staticDir: defaultStaticDir,
    toml: readSupabaseToml(given),
  };
}
