import { hasPlatformAdmin } from './auth/has-platform-admin.ts';
import { ConfigError, loadConfig } from './config.ts';
import { MigrationError } from './db/migrations.ts';
import { startNotices } from './start-notices.ts';
import { startServer } from './start.ts';

try {
  const server = await startServer(loadConfig(), { logger: process.env.LOG_REQUESTS === '1' });
  const database =
    server.context.db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${server.context.config.dataDir}`;
  console.log(`Passaparola is running at ${server.url} (database: ${database})`);
  const notices = startNotices(
    { mailboxUrl: server.mailbox?.url, platformAdmin: await hasPlatformAdmin(server.context.db) },
    server.context.config,
  );
  for (const line of notices.info) console.log(line);
  console.log(`anon key: ${server.context.keys.anonKey}`);
  if (notices.warnings.length > 0) {
    const rule = '!'.repeat(78);
    console.warn([rule, ...notices.warnings.map((line) => `!! ${line}`), rule].join('\n'));
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.stop().then(() => process.exit(0)));
  }
} catch (error) {
  console.error(error instanceof MigrationError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
