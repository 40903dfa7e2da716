// npm run restore -- ARCHIVE [--force]: brings a backup back into an empty DATA_DIR or database.
import { ConfigError, loadConfig } from '../server/config.ts';
import { BackupError } from '../server/backup/pg-tools.ts';
import { restoreBackup } from '../server/backup/restore-backup.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const archives = args.filter((arg) => arg !== '--force');

try {
  if (archives.length !== 1 || archives[0]!.startsWith('-')) {
    throw new BackupError('Usage: npm run restore -- ARCHIVE [--force]');
  }
  const config = loadConfig();
  const result = await restoreBackup({
    archive: archives[0]!,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force,
  });
  const target = config.databaseUrl ? 'the PostgreSQL database' : `${config.dataDir}/pglite`;
  console.log(`Restored the backup of ${result.manifest.createdAt} into ${target} and ${config.dataDir}:`);
  console.log(`  ${result.users} users, ${result.purchases} purchases, ${result.objects} stored objects`);
  if (!result.manifest.jwtSecret)
    console.log('  The archive has no JWT secret: start with the same JWT_SECRET.');
  const problems = [
    ...result.missingObjects.map((name) => `  missing bytes: ${name}`),
    ...(result.unbalancedClients > 0
      ? [`  ${result.unbalancedClients} balances differ from their ledger`]
      : []),
  ];
  if (problems.length > 0) {
    console.error(`Check failed:\n${problems.join('\n')}`);
    process.exit(2);
  }
  console.log('  Check passed: every stored object has its bytes, every balance equals its ledger.');
} catch (error) {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
