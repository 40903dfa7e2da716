import { ConfigError, loadConfig } from './config.ts';
import { MigrationError } from './db/migrations.ts';
import { startServer } from './start.ts';

try {
  const server = await startServer(loadConfig(), { logger: process.env.LOG_REQUESTS === '1' });
  const database =
    server.context.db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${server.context.config.dataDir}`;
  console.log(`Passaparola is running at ${server.url} (database: ${database})`);
  console.log(`anon key: ${server.context.keys.anonKey}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.stop().then(() => process.exit(0)));
  }
} catch (error) {
  console.error(error instanceof MigrationError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
