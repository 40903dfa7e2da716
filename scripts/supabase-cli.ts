import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The Supabase CLI the project pins (the optional @supabase/cli-linux-x64), or SUPABASE_CLI when set. */
export function supabaseCliPath(): string | undefined {
  if (process.env.SUPABASE_CLI) return process.env.SUPABASE_CLI;
  const pinned = fileURLToPath(
    new URL('../node_modules/@supabase/cli-linux-x64/bin/supabase', import.meta.url),
  );
  return existsSync(pinned) ? pinned : undefined;
}
