import type { Database } from './port.ts';

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when no folder is given). */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(options.dataDir);
}
