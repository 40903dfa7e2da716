import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import type { Database } from '../../server/db/port.ts';

const supabaseFolder = new URL('../../supabase/', import.meta.url);

/** The declarative schema's files, in the order `[db.migrations] schema_paths` of config.toml gives. */
export function schemaPaths(): string[] {
  const config = parse(readFileSync(new URL('config.toml', supabaseFolder), 'utf8')) as {
    db?: { migrations?: { schema_paths?: string[] } };
  };
  const paths = config.db?.migrations?.schema_paths;
  if (!paths?.length) throw new Error('config.toml has no [db.migrations] schema_paths');
  return paths.map((path) => new URL(path, supabaseFolder).pathname);
}

/** Builds the application from supabase/schemas/ on a bootstrapped database, in one transaction. */
export async function applySchemaFiles(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const file of schemaPaths()) await tx.exec(readFileSync(file, 'utf8'));
  });
}
