// npm run backup [-- --output DIR|FILE.tar.gz]: one dated archive of the database, stored files and JWT secret.
import { ConfigError, loadConfig } from '../server/config.ts';
import { BackupError } from '../server/backup/pg-tools.ts';
import { runBackup } from '../server/backup/run-backup.ts';

const args = process.argv.slice(2);
const outputAt = args.indexOf('--output');
const output = outputAt >= 0 ? args[outputAt + 1] : (process.env.BACKUP_DIR ?? 'backups');

try {
  const unexpected = args.filter(
    (_, index) => outputAt < 0 || (index !== outputAt && index !== outputAt + 1),
  );
  if (!output || unexpected.length > 0) {
    throw new BackupError('Usage: npm run backup [-- --output DIR|FILE.tar.gz]');
  }
  const config = loadConfig();
  const result = await runBackup({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    jwtSecret: config.jwtSecret,
    output,
  });
  const { manifest } = result;
  console.log(
    `Backup written to ${result.path} (${manifest.database}, ${manifest.storageFiles} stored files, ` +
      `${result.via === 'server' ? 'through the running server' : 'no server was running'})`,
  );
  if (!manifest.jwtSecret) console.log('The JWT secret comes from JWT_SECRET: keep it with the backups.');
} catch (error) {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
