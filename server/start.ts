import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { openAdminSocket } from './backup/admin-socket.ts';
import { applyPasswordPolicy } from './auth/password-policy.ts';
import { ensurePlatformAdmin } from './auth/platform-admin.ts';
import { resolveAuthSettings, siteUrlOf, smtpOptionsOf } from './auth/settings.ts';
import type { ServerConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import { protectDataDir } from './data-dir.ts';
import { applyPlatformBootstrap } from './db/bootstrap.ts';
import { applyMigrations } from './db/migrations.ts';
import { openDatabase } from './db/open-database.ts';
import type { Database } from './db/port.ts';
import { createKeys, resolveJwtSecret } from './jwt/keys.ts';
import { startMailboxServer, type MailboxServer } from './mail/mailbox-server.ts';
import { createMailer } from './mail/mailer.ts';
import { drainOutbox, startOutboxDrainer, type OutboxDrainer } from './mail/outbox-drainer.ts';
import { resolveVapidKeys } from './push/vapid-keys.ts';

export interface RunningServer {
  app: FastifyInstance;
  context: ServerContext;
  url: string;
  /** The local mailbox on 127.0.0.1 (absent when e-mail goes over SMTP). */
  mailbox?: MailboxServer;
  stop(): Promise<void>;
}

/** Opens the database, brings it to the latest migration, and listens. */
export async function startServer(
  config: ServerConfig,
  options: { logger?: boolean; persistData?: boolean } = {},
): Promise<RunningServer> {
  const persist = options.persistData ?? true;
  if (persist) protectDataDir(config.dataDir);
  const vapid = resolveVapidKeys(
    config.vapid ?? {},
    persist ? config.dataDir : undefined,
    config.siteUrl ?? '',
  );
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: persist ? `${config.dataDir}/pglite` : undefined,
  });
  try {
    await applyPlatformBootstrap(db);
    await applyMigrations(db, config.migrationFolders);
    const { platformAdminsTable, passwordPolicyTable } = config.app;
    await ensurePlatformAdmin(
      db,
      { email: config.adminEmail, password: config.adminPassword },
      platformAdminsTable,
    );
    await applyPasswordPolicy(db, passwordPolicyTable, resolveAuthSettings(config).minimumPasswordLength);
    if (persist) protectDataDir(config.dataDir);
  } catch (error) {
    await db.close();
    throw error;
  }
  let apiDb = db;
  if (config.apiDatabaseUrl) {
    let pool: Database | undefined;
    try {
      pool = await openDatabase({ databaseUrl: config.apiDatabaseUrl });
      await pool.query('select 1');
      apiDb = pool;
    } catch (error) {
      await pool?.close().catch(() => undefined);
      await db.close();
      throw error;
    }
  }
  const closeDatabases = async () => {
    if (apiDb !== db) await apiDb.close();
    await db.close();
  };
  const keys = await createKeys(resolveJwtSecret(config.jwtSecret, persist ? config.dataDir : undefined));
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    smtp: smtpOptionsOf(config),
    dataDir: persist ? config.dataDir : undefined,
  });
  const context: ServerContext = { config, db, apiDb, keys, mailer, vapid };
  let app: FastifyInstance | undefined;
  let mailbox: MailboxServer | undefined;
  try {
    app = await buildApp(context, { logger: options.logger });
    await app.listen({ port: config.port, host: config.host });
    if (mailer.mailbox) mailbox = await startMailboxServer(mailer.mailbox, config.mailPort);
  } catch (error) {
    await app?.close();
    await closeDatabases();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  if (!config.siteUrl && typeof config.toml.auth.site_url !== 'string') config.siteUrl = url;
  const running = app;
  const authSettings = resolveAuthSettings(config);
  const outbox: OutboxDrainer | undefined =
    config.outboxIntervalMs > 0
      ? startOutboxDrainer(
          () =>
            drainOutbox(db, mailer, {
              sender: { Name: authSettings.senderName, Address: authSettings.senderAddress },
              siteUrl: siteUrlOf(config),
              push: { vapid },
            }),
          config.outboxIntervalMs,
        )
      : undefined;
  const adminSocket = persist
    ? await openAdminSocket(context).catch((error: Error) => {
        console.warn(`No admin socket, so no online backup: ${error.message}`);
        return undefined;
      })
    : undefined;
  return {
    app: running,
    context,
    url,
    mailbox,
    async stop() {
      await outbox?.stop();
      await adminSocket?.close();
      await mailbox?.app.close();
      await running.close();
      await closeDatabases();
    },
  };
}
