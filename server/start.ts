import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ensurePlatformAdmin } from './auth/platform-admin.ts';
import type { ServerConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import { protectDataDir } from './data-dir.ts';
import { applyPlatformBootstrap } from './db/bootstrap.ts';
import { applyMigrations } from './db/migrations.ts';
import { openDatabase } from './db/open-database.ts';
import { createKeys, resolveJwtSecret } from './keys.ts';
import { createMailer } from './mail/mailer.ts';

export interface RunningServer {
  app: FastifyInstance;
  context: ServerContext;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database, brings it to the latest migration, and listens. */
export async function startServer(
  config: ServerConfig,
  options: { logger?: boolean; persistData?: boolean } = {},
): Promise<RunningServer> {
  const persist = options.persistData ?? true;
  if (persist) protectDataDir(config.dataDir);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: persist ? `${config.dataDir}/pglite` : undefined,
  });
  try {
    await applyPlatformBootstrap(db);
    await applyMigrations(db, config.migrationFolders);
    await ensurePlatformAdmin(db, { email: config.adminEmail, password: config.adminPassword });
    if (persist) protectDataDir(config.dataDir);
  } catch (error) {
    await db.close();
    throw error;
  }
  const keys = await createKeys(resolveJwtSecret(config.jwtSecret, persist ? config.dataDir : undefined));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: persist ? config.dataDir : undefined });
  const context: ServerContext = { config, db, keys, mailer };
  const app = await buildApp(context, { logger: options.logger });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  if (!config.siteUrl) config.siteUrl = url;
  return {
    app,
    context,
    url,
    async stop() {
      await app.close();
      await db.close();
    },
  };
}
